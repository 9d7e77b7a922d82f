import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css'

export const cards = style({ listStyle: 'none', padding: 0, margin: 0 })
export const card = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s1 })
export const outcome = style({
  marginTop: 'auto',
  paddingTop: vars.space.s2,
  fontWeight: vars.weight.medium,
  fontSize: vars.size.xs,
  color: vars.color.accent,
})

export const teaserGrid = style({
  display: 'grid',
  gap: vars.space.s5,
  alignItems: 'center',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1fr 1.4fr' } },
})

export const teaser = style({
  margin: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  overflow: 'hidden',
  minWidth: 0,
})

export const teaserBar = style({
  display: 'flex',
  gap: '6px',
  padding: '12px 16px',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
})
globalStyle(`${teaserBar} span`, { width: '10px', height: '10px', borderRadius: vars.radius.pill, background: vars.color.border })

export const teaserBody = style({ padding: vars.space.s3, display: 'grid', gap: vars.space.s3 })
export const teaserHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.s2, flexWrap: 'wrap' })
export const teaserTitle = style({ fontWeight: vars.weight.bold })
export const teaserRange = style({ fontSize: vars.size.xs, color: vars.color.textMuted })

export const kpis = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: '12px',
  margin: 0,
})

export const kpi = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: '12px 14px',
})
globalStyle(`${kpi} dt`, { fontSize: vars.size.xs, color: vars.color.textMuted })
globalStyle(`${kpi} dd`, {
  margin: 0,
  fontSize: vars.size.lg,
  fontWeight: vars.weight.bold,
  letterSpacing: '-0.02em',
  fontVariantNumeric: 'tabular-nums',
})

export const chart = style({ display: 'grid', gap: vars.space.s1 })
export const chartLabel = style({ display: 'flex', alignItems: 'center', gap: '6px', fontSize: vars.size.xs, color: vars.color.textMuted })
export const chartSvg = style({ width: '100%', height: '160px' })

export const teaserCaption = style({
  padding: '10px 16px',
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: '0.8125rem',
  color: vars.color.textMuted,
})
