import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css'

// Fixed, so that shrinking never moves the page (a sticky header's change of height would shift
// the content, scroll anchoring would move the page back across the threshold, and it would flicker).
export const root = style({
  position: 'fixed',
  top: 0,
  insetInline: 0,
  zIndex: 50,
  height: vars.header.tall,
  display: 'flex',
  alignItems: 'center',
  background: 'transparent',
  borderBottom: '1px solid transparent',
  transition: `height ${vars.motion.base} ${vars.motion.easing}, background ${vars.motion.base}, border-color ${vars.motion.base}`,
  selectors: {
    '&[data-state="compact"]': {
      height: vars.header.compact,
      background: 'rgba(251, 251, 253, 0.82)',
      backdropFilter: 'saturate(180%) blur(12px)',
      borderBottomColor: vars.color.border,
    },
  },
})

export const bar = style({ display: 'flex', alignItems: 'center', gap: vars.space.s3, width: '100%' })

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.s1,
  minHeight: '44px',
  fontWeight: vars.weight.bold,
  fontSize: vars.size.md,
  letterSpacing: '-0.02em',
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text } },
})

export const nav = style({
  display: 'none',
  marginInlineStart: vars.space.s3,
  '@media': { [breakpoints.desktop]: { display: 'block' } },
})

export const navList = style({ display: 'flex', gap: vars.space.s1, listStyle: 'none', padding: 0, margin: 0 })

export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  paddingInline: vars.space.s2,
  borderRadius: vars.radius.pill,
  color: vars.color.textMuted,
  fontWeight: vars.weight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceMuted },
    '&[aria-current="page"]': { color: vars.color.text },
  },
})

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.s1, marginInlineStart: 'auto' })

export const langToggle = style([
  navLink,
  { fontSize: vars.size.xs, letterSpacing: '0.06em', border: `1px solid ${vars.color.border}`, paddingInline: '14px' },
])

export const demoButton = style({
  display: 'none',
  '@media': { [breakpoints.tablet]: { display: 'inline-flex' } },
})

export const menuTrigger = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  cursor: 'pointer',
  '@media': { [breakpoints.desktop]: { display: 'none' } },
})

// Full width under the header (the header is fixed, so this is the viewport's width), never
// taller than the screen below it.
export const panel = style({
  position: 'absolute',
  insetInline: 0,
  top: '100%',
  maxHeight: `calc(100dvh - ${vars.header.compact})`,
  overflowY: 'auto',
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  padding: `${vars.space.s2} 0 ${vars.space.s3}`,
  selectors: { '&[hidden]': { display: 'none' } },
  '@media': { [breakpoints.desktop]: { display: 'none' } },
})

export const panelList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '4px' })

export const panelLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '48px',
  paddingInline: vars.space.s2,
  borderRadius: vars.radius.sm,
  fontSize: vars.size.md,
  fontWeight: vars.weight.medium,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text } },
})

export const panelDemo = style({ marginTop: vars.space.s2, width: '100%' })

