import { keyframes, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css'

const enter = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' }, to: { opacity: 1, transform: 'none' } })

export const region = style({
  position: 'fixed',
  zIndex: 100,
  insetInline: vars.space.s2,
  bottom: vars.space.s2,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.s1,
  pointerEvents: 'none',
  '@media': { [breakpoints.tablet]: { insetInline: 'auto', right: vars.space.s3, bottom: vars.space.s3, width: '380px' } },
})

export const list = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.s1, margin: 0, padding: 0, listStyle: 'none' })

export const toast = style({
  pointerEvents: 'auto',
  display: 'grid',
  // A toast may name an address ("We sent a link to …"): it wraps within the screen, never past it.
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  overflowWrap: 'anywhere',
  gap: vars.space.s1,
  padding: vars.space.s2,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `4px solid ${vars.color.success}`,
  boxShadow: vars.shadow.raised,
  animation: `${enter} ${vars.motion.base} ${vars.motion.easing}`,
  selectors: {
    '&[data-variant="destructive"]': { borderLeftColor: vars.color.danger, background: vars.color.dangerSoft },
  },
})

export const title = style({ fontWeight: vars.weight.bold, margin: 0 })
export const description = style({ color: vars.color.textMuted, fontSize: vars.size.xs, margin: 0 })
export const dismiss = style({
  display: 'grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  margin: '-10px -10px 0 0',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  cursor: 'pointer',
  color: vars.color.textMuted,
  selectors: { '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text } },
})
