import { globalStyle, keyframes, style } from '@vanilla-extract/css'
import { vars } from '../../../styles/theme.css'

const blink = keyframes({ '0%, 100%': { opacity: 0.25 }, '50%': { opacity: 1 } })
// A transform, not a background position: the compositor runs it, without a paint per frame on
// the main thread.
const shimmer = keyframes({ from: { transform: 'translateX(-50%)' }, to: { transform: 'none' } })

export const card = style({
  position: 'relative',
  width: '100%',
  maxWidth: '420px',
  margin: 0,
  marginInline: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: vars.space.s3,
})

export const header = style({ display: 'flex', alignItems: 'center', gap: '12px' })

export const brandDot = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  flex: 'none',
  borderRadius: vars.radius.sm,
  background: vars.color.accent,
  color: vars.color.onAccent,
})

export const headerText = style({ display: 'grid', lineHeight: vars.lineHeight.snug, minWidth: 0 })
export const headerTitle = style({ fontWeight: vars.weight.bold, fontSize: vars.size.xs })
export const headerMeta = style({ fontSize: '0.8125rem', color: vars.color.textMuted })

export const control = style({
  marginInlineStart: 'auto',
  display: 'inline-grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  flex: 'none',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceMuted },
    '&[hidden]': { display: 'none' },
  },
})

export const indicators = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: '6px',
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.s2} 0`,
})

export const indicator = style({
  height: '4px',
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  transition: `background ${vars.motion.base} ${vars.motion.easing}`,
  selectors: {
    '&[data-state="active"], &[data-state="done"]': { background: vars.color.accent },
  },
})

/** The three steps share one grid cell, so the card keeps the height of the tallest. */
export const viewport = style({ display: 'grid' })

export const step = style({
  gridArea: '1 / 1',
  display: 'grid',
  alignContent: 'start',
  gap: '12px',
  transition: `opacity ${vars.motion.base} ${vars.motion.easing}, transform ${vars.motion.base} ${vars.motion.easing}`,
  selectors: {
    '&[data-state="inactive"]': { opacity: 0, transform: 'translateY(6px)', visibility: 'hidden' },
  },
})

export const stepTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s1,
  fontWeight: vars.weight.bold,
  fontSize: vars.size.sm,
})

export const pulse = style({
  width: '8px',
  height: '8px',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  animation: `${blink} 1.4s ease-in-out infinite`,
})

export const checklist = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: '6px',
  fontSize: vars.size.xs,
  color: vars.color.textMuted,
})
globalStyle(`${checklist} li`, { display: 'flex', alignItems: 'center', gap: vars.space.s1 })

export const checkIcon = style({ color: vars.color.success, flex: 'none' })
export const accentIcon = style({ color: vars.color.accent, flex: 'none' })
export const successIcon = style({ color: vars.color.success, flex: 'none' })

export const typing = style({
  width: '16px',
  height: '16px',
  flex: 'none',
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.accentSoft}`,
  borderTopColor: vars.color.accent,
})

export const skeleton = style({ display: 'grid', gap: '8px', marginTop: '4px' })
globalStyle(`${skeleton} span`, {
  display: 'block',
  position: 'relative',
  overflow: 'hidden',
  height: '10px',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
})
globalStyle(`${skeleton} span::after`, {
  content: '""',
  position: 'absolute',
  insetBlock: 0,
  insetInlineStart: 0,
  width: '200%',
  backgroundImage: `linear-gradient(90deg, ${vars.color.surfaceMuted} 0%, ${vars.color.accentSoft} 50%, ${vars.color.surfaceMuted} 100%)`,
  animation: `${shimmer} 1.6s linear infinite`,
})
globalStyle(`${skeleton} span:nth-child(2)`, { width: '86%' })
globalStyle(`${skeleton} span:nth-child(3)`, { width: '58%' })

export const suggestion = style({
  fontSize: vars.size.xs,
  lineHeight: vars.lineHeight.body,
  background: vars.color.accentSoft,
  borderRadius: vars.radius.sm,
  padding: '12px 14px',
})

export const signals = style({ display: 'flex', flexWrap: 'wrap', gap: '6px', listStyle: 'none', padding: 0, margin: 0 })
globalStyle(`${signals} li`, {
  fontSize: '0.8125rem',
  padding: '2px 10px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
})

export const message = style({
  margin: 0,
  fontSize: vars.size.xs,
  lineHeight: vars.lineHeight.body,
  background: vars.color.surfaceMuted,
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} ${vars.radius.sm} 2px`,
  padding: '12px 14px',
})

export const ready = style({ fontSize: '0.8125rem', color: vars.color.success, fontWeight: vars.weight.medium })
