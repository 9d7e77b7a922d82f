import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css'

export const layout = style({
  display: 'grid',
  gap: vars.space.s5,
  alignItems: 'start',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1.7fr 1fr' } },
})

export const faqTitle = style({ fontSize: vars.size.lg, marginBottom: vars.space.s3 })

export const contact = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.s4,
  '@media': { [breakpoints.desktop]: { position: 'sticky', top: `calc(${vars.header.compact} + ${vars.space.s3})` } },
})

export const contactTitle = style({ fontSize: vars.size.lg })
export const contactLead = style({ color: vars.color.textMuted, marginTop: vars.space.s1 })

export const facts = style({ display: 'grid', gap: vars.space.s2, margin: `${vars.space.s3} 0 0` })
globalStyle(`${facts} > div`, { paddingTop: vars.space.s2, borderTop: `1px solid ${vars.color.border}` })
globalStyle(`${facts} dt`, {
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s1,
  fontSize: vars.size.xs,
  color: vars.color.textMuted,
})
globalStyle(`${facts} dt svg`, { color: vars.color.accent })
globalStyle(`${facts} dd`, { margin: '4px 0 0', fontWeight: vars.weight.medium })

export const contactMore = style({
  marginTop: vars.space.s3,
  paddingTop: vars.space.s2,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.size.xs,
  color: vars.color.textMuted,
})
