import { globalStyle, style } from '@vanilla-extract/css'
import { accentSquare, tocHeading } from '../../components/ui.css'
import { breakpoints, vars } from '../../styles/theme.css'

export const layout = style({
  display: 'grid',
  gap: vars.space.s5,
  alignItems: 'start',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '15rem minmax(0, 1fr)', gap: vars.space.s7 } },
})

export const toc = style({
  fontSize: vars.size.xs,
  '@media': { [breakpoints.desktop]: { position: 'sticky', top: `calc(${vars.header.compact} + ${vars.space.s3})` } },
})

export const tocTitle = tocHeading

export const tocList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  borderLeft: `1px solid ${vars.color.border}`,
})

export const tocLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '44px',
  paddingInline: vars.space.s2,
  marginLeft: '-1px',
  borderLeft: '2px solid transparent',
  color: vars.color.textMuted,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text, borderLeftColor: vars.color.accent } },
})

export const body = style({ maxWidth: vars.width.prose })

export const block = style({
  paddingBottom: vars.space.s5,
  marginBottom: vars.space.s5,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none', marginBottom: 0 } },
})
globalStyle(`${block} h2`, { fontSize: vars.size.xl, marginBottom: vars.space.s2 })
globalStyle(`${block} p + p`, { marginTop: vars.space.s2 })
globalStyle(`${block} p`, { fontSize: vars.size.md, color: vars.color.textMuted })

export const phases = style({ listStyle: 'none', padding: 0, margin: `${vars.space.s3} 0 0`, display: 'grid', gap: vars.space.s2 })

export const phase = style({
  display: 'grid',
  gridTemplateColumns: '44px 1fr',
  gap: vars.space.s2,
  padding: vars.space.s3,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})
globalStyle(`${phase} h3`, { fontSize: vars.size.md, marginBottom: '4px' })
globalStyle(`${phase} p`, { fontSize: vars.size.sm })

export const phaseNumber = style([accentSquare, { display: 'grid', fontWeight: vars.weight.bold }])

export const checks = style({ listStyle: 'none', padding: 0, margin: `${vars.space.s3} 0 0`, display: 'grid', gap: '12px' })
globalStyle(`${checks} li`, { display: 'flex', gap: '12px', alignItems: 'flex-start', fontSize: vars.size.md })
globalStyle(`${checks} svg`, { color: vars.color.success, flex: 'none', marginTop: '4px' })

export const contactList = style({ display: 'grid', gap: vars.space.s2, margin: `${vars.space.s3} 0 0` })
globalStyle(`${contactList} dt`, { fontSize: vars.size.xs, color: vars.color.textMuted })
globalStyle(`${contactList} dd`, { margin: 0, fontSize: vars.size.md, fontWeight: vars.weight.medium })
