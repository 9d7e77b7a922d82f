import { style } from '@vanilla-extract/css'
import { accentSquare } from '../../../components/ui.css'
import { breakpoints, vars } from '../../../styles/theme.css'

export const root = style({ display: 'grid', gap: vars.space.s3 })

export const track = style({
  height: '6px',
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  overflow: 'hidden',
})

export const fill = style({
  height: '100%',
  borderRadius: vars.radius.pill,
  background: `linear-gradient(90deg, ${vars.color.accent}, #7c70ff)`,
  transition: `width ${vars.motion.base} ${vars.motion.easing}`,
})

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.s2,
  '@media': {
    [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [breakpoints.desktop]: { gridTemplateColumns: 'repeat(4, 1fr)' },
  },
})

export const item = style({
  position: 'relative',
  display: 'grid',
  alignContent: 'start',
  gap: '12px',
  padding: vars.space.s3,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  transition: `border-color ${vars.motion.base} ${vars.motion.easing}, box-shadow ${vars.motion.base} ${vars.motion.easing}, transform ${vars.motion.base} ${vars.motion.easing}`,
  selectors: {
    '&[data-state="active"]': {
      borderColor: vars.color.accent,
      boxShadow: vars.shadow.raised,
      transform: 'translateY(-2px)',
    },
    '&:hover': { borderColor: vars.color.accent },
  },
})

export const number = style({
  position: 'absolute',
  top: vars.space.s3,
  right: vars.space.s3,
  fontSize: vars.size.xs,
  fontWeight: vars.weight.bold,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
})

export const icon = style([
  accentSquare,
  {
    transition: `background ${vars.motion.base}, color ${vars.motion.base}`,
    selectors: {
      [`${item}[data-state="active"] &`]: { background: vars.color.accent, color: vars.color.onAccent },
    },
  },
])

export const title = style({ fontSize: vars.size.md, lineHeight: vars.lineHeight.snug })

/** The whole card is the click target: the button's ::after covers it. */
export const trigger = style({
  all: 'unset',
  cursor: 'pointer',
  borderRadius: '4px',
  minHeight: '44px',
  display: 'inline-flex',
  alignItems: 'flex-start',
  '@media': { [breakpoints.desktop]: { minHeight: '2.6em' } },
  '::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.md },
  selectors: {
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})

export const text = style({ fontSize: vars.size.xs, color: vars.color.textMuted, lineHeight: vars.lineHeight.body })
