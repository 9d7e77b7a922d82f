import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { breakpoints, vars } from '../styles/theme.css'

export const container = style({
  width: '100%',
  maxWidth: vars.width.content,
  marginInline: 'auto',
  paddingInline: vars.space.s3,
  '@media': { [breakpoints.tablet]: { paddingInline: vars.space.s4 } },
})

export const section = style({
  paddingBlock: vars.space.s6,
  '@media': { [breakpoints.desktop]: { paddingBlock: vars.space.s7 } },
})

export const sectionMuted = style([section, { background: vars.color.surfaceMuted }])
export const sectionInverse = style([section, { background: vars.color.inverseBg, color: vars.color.inverseText }])

export const eyebrow = style({
  display: 'inline-block',
  fontSize: vars.size.xs,
  fontWeight: vars.weight.bold,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.accent,
  marginBottom: vars.space.s2,
})

export const pageTitle = style({
  fontSize: 'clamp(2.25rem, 5vw, 4rem)',
  maxWidth: '20ch',
})

export const sectionTitle = style({
  fontSize: 'clamp(1.75rem, 3.5vw, 2.5rem)',
  maxWidth: '24ch',
})

export const lead = style({
  fontSize: vars.size.md,
  color: vars.color.textMuted,
  maxWidth: '60ch',
  marginTop: vars.space.s2,
})

export const sectionHeader = style({ marginBottom: vars.space.s5 })

export const grid = styleVariants({
  two: { display: 'grid', gap: vars.space.s3, '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' } } },
  three: {
    display: 'grid',
    gap: vars.space.s3,
    '@media': {
      [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
      [breakpoints.desktop]: { gridTemplateColumns: 'repeat(3, 1fr)' },
    },
  },
  four: {
    display: 'grid',
    gap: vars.space.s3,
    '@media': {
      [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
      [breakpoints.desktop]: { gridTemplateColumns: 'repeat(4, 1fr)' },
    },
  },
})

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.s4,
})

export const cardTitle = style({ fontSize: vars.size.lg, marginBottom: vars.space.s1 })
export const muted = style({ color: vars.color.textMuted })

/** A 44 px square in the accent's soft tint: the frame of an icon or a step's number. */
export const accentSquare = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.sm,
  background: vars.color.accentSoft,
  color: vars.color.accent,
})

export const iconBadge = style([accentSquare, { marginBottom: vars.space.s2 }])

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.s1,
  minHeight: '44px',
  paddingInline: vars.space.s3,
  borderRadius: vars.radius.pill,
  fontWeight: vars.weight.medium,
  fontSize: vars.size.sm,
  textDecoration: 'none',
  border: '1px solid transparent',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  transition: `background ${vars.motion.fast} ${vars.motion.easing}, color ${vars.motion.fast}`,
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
  },
})

export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.accent,
      color: vars.color.onAccent,
      selectors: { '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.color.accentHover, color: vars.color.onAccent } },
    },
  ],
  secondary: [
    buttonBase,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: { '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.color.surfaceMuted, color: vars.color.text } },
    },
  ],
  ghost: [
    buttonBase,
    {
      background: 'transparent',
      color: vars.color.text,
      selectors: { '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.color.surfaceMuted, color: vars.color.text } },
    },
  ],
  danger: [
    buttonBase,
    {
      background: vars.color.danger,
      color: vars.color.onAccent,
      selectors: { '&:hover:not(:disabled):not([aria-disabled="true"])': { background: '#8f1c23', color: vars.color.onAccent } },
    },
  ],
  inverse: [
    buttonBase,
    {
      background: vars.color.surface,
      color: vars.color.text,
      selectors: { '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.color.accentSoft, color: vars.color.text } },
    },
  ],
})

export const buttonLarge = style({ minHeight: '52px', paddingInline: vars.space.s4, fontSize: vars.size.md })

/** Where a form's bot-check widget renders: no box of its own, so that while the widget asks nothing
 * of the visitor (it renders hidden) the form keeps its spacing; a challenge it must show takes a
 * row of the form. */
export const botCheckSlot = style({ display: 'contents' })

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
})

/** Long-form text (legal, docs): readable measure and rhythm. */
export const prose = style({ maxWidth: vars.width.prose, fontSize: vars.size.md })
globalStyle(`${prose} h2`, { fontSize: vars.size.xl, marginTop: vars.space.s5, marginBottom: vars.space.s2 })
globalStyle(`${prose} h3`, { fontSize: vars.size.lg, marginTop: vars.space.s4, marginBottom: vars.space.s1 })
globalStyle(`${prose} p, ${prose} ul, ${prose} ol`, { marginBottom: vars.space.s2 })
globalStyle(`${prose} li`, { marginBottom: vars.space.s1 })

export const actionsRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s2, marginTop: vars.space.s4 })

/** The small heading over a page's table of contents. */
export const tocHeading = style({
  fontSize: vars.size.xs,
  fontWeight: vars.weight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  color: vars.color.textMuted,
  marginBottom: vars.space.s1,
})
