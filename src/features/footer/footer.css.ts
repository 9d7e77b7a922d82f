import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css'

export const root = style({
  background: vars.color.inverseBg,
  color: vars.color.inverseText,
  paddingBlock: vars.space.s6,
  marginTop: 'auto',
})

export const top = style({
  display: 'grid',
  gap: vars.space.s5,
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1.2fr 2fr' } },
})

export const brand = style({ display: 'grid', gap: vars.space.s2, alignContent: 'start' })
export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.s1,
  fontWeight: vars.weight.bold,
  fontSize: vars.size.md,
  color: vars.color.inverseText,
  textDecoration: 'none',
  minHeight: '44px',
  selectors: { '&:hover': { color: vars.color.inverseText } },
})
export const tagline = style({ color: vars.color.inverseMuted, maxWidth: '36ch' })

export const linkGrid = style({
  display: 'grid',
  // Two columns where the longest name («Databehandleravtale») fits in each, one on narrower phones.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))',
  gap: `0 ${vars.space.s3}`,
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
})

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  color: vars.color.inverseText,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.inverseText, textDecoration: 'underline' } },
})

export const bottom = style({
  marginTop: vars.space.s5,
  paddingTop: vars.space.s3,
  borderTop: '1px solid rgba(255,255,255,0.14)',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.s2,
  alignItems: 'center',
  justifyContent: 'space-between',
  color: vars.color.inverseMuted,
  fontSize: vars.size.xs,
})

export const facts = style({ display: 'flex', flexWrap: 'wrap', gap: `4px ${vars.space.s2}`, fontStyle: 'normal' })
export const mail = style({ color: vars.color.inverseText })

export const langButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.s1,
  minHeight: '44px',
  paddingInline: vars.space.s2,
  borderRadius: vars.radius.pill,
  border: '1px solid rgba(255,255,255,0.3)',
  color: vars.color.inverseText,
  textDecoration: 'none',
  fontWeight: vars.weight.medium,
  selectors: { '&:hover': { color: vars.color.inverseText, background: 'rgba(255,255,255,0.08)' } },
})
