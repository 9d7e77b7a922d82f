import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css'

export const plainList = style({ listStyle: 'none', padding: 0, margin: 0 })

export const featureCard = style({
  transition: `transform ${vars.motion.base} ${vars.motion.easing}, box-shadow ${vars.motion.base} ${vars.motion.easing}`,
  selectors: { '&:hover': { transform: 'translateY(-2px)', boxShadow: vars.shadow.raised } },
})

export const pills = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: '12px',
  listStyle: 'none',
  padding: 0,
  margin: 0,
  maxWidth: '56rem',
  marginInline: 'auto',
})

export const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.s1,
  minHeight: '44px',
  padding: `10px ${vars.space.s2}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: '0 1px 2px rgba(15,16,32,0.04)',
  fontWeight: vars.weight.medium,
  fontSize: vars.size.xs,
  lineHeight: vars.lineHeight.snug,
})
globalStyle(`${pill} svg`, { color: vars.color.accent, flex: 'none' })

export const whyGrid = style({
  display: 'grid',
  gap: vars.space.s5,
  alignItems: 'center',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1.3fr 1fr', gap: vars.space.s7 } },
})

export const checklist = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.s4} 0 0`,
  display: 'grid',
  gap: '12px',
})
globalStyle(`${checklist} li`, { display: 'flex', alignItems: 'flex-start', gap: '12px' })

export const checkMark = style({
  display: 'inline-grid',
  placeItems: 'center',
  flex: 'none',
  width: '24px',
  height: '24px',
  marginTop: '1px',
  borderRadius: vars.radius.pill,
  background: vars.color.successSoft,
  color: vars.color.success,
})

export const badges = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.s2 })

export const badge = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s2,
  padding: vars.space.s3,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
})

export const badgeIcon = style({
  display: 'inline-grid',
  placeItems: 'center',
  flex: 'none',
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.sm,
  background: vars.color.accentSoft,
  color: vars.color.accent,
})

export const badgeTitle = style({ display: 'block', fontSize: vars.size.md })
export const badgeText = style({ display: 'block', fontSize: vars.size.xs, color: vars.color.textMuted })
