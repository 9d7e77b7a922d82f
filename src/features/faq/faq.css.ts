import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

const reveal = keyframes({ from: { opacity: 0, transform: 'translateY(-4px)' }, to: { opacity: 1, transform: 'none' } })

export const root = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
})

export const item = style({
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
})

export const heading = style({ fontSize: vars.size.md, fontWeight: vars.weight.medium, letterSpacing: '-0.01em' })

export const trigger = style({
  width: '100%',
  minHeight: '64px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.s2,
  padding: `${vars.space.s2} ${vars.space.s3}`,
  border: 'none',
  background: 'transparent',
  textAlign: 'start',
  fontWeight: vars.weight.medium,
  lineHeight: vars.lineHeight.snug,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
})

export const chevron = style({
  flex: 'none',
  color: vars.color.textMuted,
  transition: `transform ${vars.motion.base} ${vars.motion.easing}`,
  selectors: { [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)', color: vars.color.accent } },
})

export const panel = style({
  padding: `0 ${vars.space.s3} ${vars.space.s3}`,
  color: vars.color.textMuted,
  maxWidth: '72ch',
  selectors: {
    '&[data-state="open"]': { animation: `${reveal} ${vars.motion.base} ${vars.motion.easing}` },
  },
})
