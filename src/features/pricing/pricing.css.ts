import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css'

export const layout = style({
  display: 'grid',
  gap: vars.space.s4,
  alignItems: 'start',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1.6fr 1fr', gap: vars.space.s5 } },
})

export const plan = style({
  position: 'relative',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: vars.space.s4,
  overflow: 'hidden',
  '::before': {
    content: '""',
    position: 'absolute',
    insetInline: 0,
    top: 0,
    height: '4px',
    background: `linear-gradient(90deg, ${vars.color.accent}, #7c70ff)`,
  },
  '@media': { [breakpoints.tablet]: { padding: vars.space.s5 } },
})

export const planHead = style({ display: 'grid', gap: vars.space.s1 })

export const planBadge = style({
  justifySelf: 'start',
  fontSize: vars.size.xs,
  fontWeight: vars.weight.bold,
  color: vars.color.accent,
  background: vars.color.accentSoft,
  borderRadius: vars.radius.pill,
  padding: '4px 12px',
})

export const planTitle = style({ fontSize: vars.size.xl, marginTop: vars.space.s1 })
export const planPrice = style({ fontSize: vars.size.lg, fontWeight: vars.weight.bold, letterSpacing: '-0.02em' })
export const planText = style({ color: vars.color.textMuted, maxWidth: '52ch' })

export const featureList = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.s4} 0 0`,
  paddingTop: vars.space.s4,
  borderTop: `1px solid ${vars.color.border}`,
  display: 'grid',
  gap: '12px',
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)', columnGap: vars.space.s4 } },
})
globalStyle(`${featureList} li`, { display: 'flex', gap: '10px', alignItems: 'flex-start' })

export const featureIcon = style({ color: vars.color.success, flex: 'none', marginTop: '3px' })

export const planActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.s2,
  marginTop: vars.space.s4,
})

export const planButton = style({ '@media': { 'screen and (max-width: 479px)': { width: '100%' } } })
export const planNote = style({ fontSize: vars.size.xs, color: vars.color.textMuted })

export const steps = style({
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  padding: vars.space.s4,
})

export const stepsTitle = style({ fontSize: vars.size.lg, marginBottom: vars.space.s3 })

export const stepsList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.s3,
  counterReset: 'pricing-step',
})
globalStyle(`${stepsList} li`, {
  display: 'grid',
  gridTemplateColumns: '32px 1fr',
  columnGap: '12px',
  counterIncrement: 'pricing-step',
})
globalStyle(`${stepsList} li::before`, {
  content: 'counter(pricing-step)',
  gridRow: 'span 2',
  display: 'grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  fontWeight: vars.weight.bold,
  fontSize: vars.size.xs,
})
globalStyle(`${stepsList} span`, { color: vars.color.textMuted, fontSize: vars.size.xs })

export const faqSection = style({ maxWidth: '52rem', marginInline: 'auto' })
