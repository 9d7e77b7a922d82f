import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css'

export const page = style({ paddingBlock: vars.space.s5 })
export const head = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s2, alignItems: 'center', justifyContent: 'space-between' })
// The greeting holds the person's name (or address), which may be long or have no place to break.
export const greeting = style({ fontSize: 'clamp(1.75rem, 3vw, 2.25rem)', overflowWrap: 'anywhere', minWidth: 0 })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s1 })
export const grid = style({
  display: 'grid',
  gap: vars.space.s3,
  marginTop: vars.space.s4,
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '2fr 1fr' } },
})
export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '28px',
  paddingInline: '12px',
  borderRadius: vars.radius.pill,
  fontWeight: vars.weight.bold,
  fontSize: vars.size.xs,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  selectors: { '&[data-paid="true"]': { background: vars.color.accent, color: vars.color.onAccent } },
})
export const planHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.s2, marginBottom: vars.space.s2 })
export const benefits = style({ margin: `${vars.space.s2} 0`, paddingInlineStart: vars.space.s3, display: 'grid', gap: '6px' })
export const banner = style({
  marginTop: vars.space.s3,
  padding: vars.space.s2,
  borderRadius: vars.radius.sm,
  background: vars.color.accentSoft,
  border: `1px solid ${vars.color.border}`,
})
export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.s1 })
export const item = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.s2, paddingBlock: vars.space.s1, borderBottom: `1px solid ${vars.color.border}` })
export const debug = style({ marginTop: vars.space.s3, fontSize: vars.size.xs, display: 'grid', gap: vars.space.s2 })
export const pre = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', background: vars.color.surfaceMuted, padding: vars.space.s2, borderRadius: vars.radius.sm, margin: 0 })

export const manage = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.s2,
  paddingTop: vars.space.s2,
  borderTop: `1px solid ${vars.color.border}`,
})
// On a narrow phone the button's label may wrap rather than push the card wider than the screen.
globalStyle(`${manage} button`, { maxWidth: '100%', whiteSpace: 'normal', textAlign: 'center' })
// A payment owed: the panel stands out, as a warning (its text is an alert).
globalStyle(`${manage}[data-owed="true"]`, {
  marginBlock: vars.space.s2,
  padding: vars.space.s2,
  borderTop: 'none',
  borderInlineStart: `4px solid ${vars.color.danger}`,
  borderRadius: vars.radius.sm,
  background: vars.color.dangerSoft,
})
// Busy (the provider's page is on its way): the button stays focusable, and says so.
globalStyle(`${manage} button[aria-disabled="true"]`, { opacity: 0.7, cursor: 'progress' })
// A wide table scrolls inside its card on a narrow phone rather than widening the page.
export const tableWrap = style({ overflowX: 'auto', maxWidth: '100%' })
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.size.sm })
export const muted = style({ color: vars.color.textMuted, fontSize: vars.size.xs })
globalStyle(`${table} :is(th, td)`, { textAlign: 'start', padding: `${vars.space.s1} ${vars.space.s1} ${vars.space.s1} 0`, verticalAlign: 'top', borderBottom: `1px solid ${vars.color.border}` })
export const invoices = style({ marginTop: vars.space.s3 })
export const offerPrice = style({ fontSize: vars.size.sm, color: vars.color.textMuted })
