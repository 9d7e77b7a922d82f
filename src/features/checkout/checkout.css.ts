import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const page = style({ paddingBlock: vars.space.s6, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', placeItems: 'start center' })
export const card = style({ width: '100%', maxWidth: '520px', minWidth: 0, display: 'grid', gap: vars.space.s2 })
export const eyebrow = style({ color: vars.color.accent, fontWeight: vars.weight.bold, fontSize: vars.size.xs, textTransform: 'uppercase', letterSpacing: '0.08em' })
export const title = style({ fontSize: vars.size.xl })
// The price never breaks (no-break spaces), so on a narrow phone it is set smaller rather than wider than the card.
export const price = style({ fontSize: `clamp(2rem, 11vw, ${vars.size.xxl})`, fontWeight: vars.weight.bold, letterSpacing: '-0.02em' })
export const per = style({ fontSize: vars.size.sm, fontWeight: vars.weight.regular, color: vars.color.textMuted })
export const benefits = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.s1 })
export const notice = style({ padding: vars.space.s2, borderRadius: vars.radius.sm, background: vars.color.successSoft, display: 'grid', gap: vars.space.s1 })
export const small = style({ fontSize: vars.size.xs, color: vars.color.textMuted })

globalStyle(`${benefits} li`, { display: 'flex', gap: vars.space.s1, alignItems: 'center' })
globalStyle(`${benefits} svg`, { color: vars.color.success, flexShrink: 0 })
// On a narrow phone the buttons' labels wrap rather than push the card wider than the screen.
globalStyle(`${card} :is(a, button)`, { whiteSpace: 'normal', textAlign: 'center' })
export const subtitle = style({ fontSize: vars.size.lg })
export const company = style({ minHeight: '1.5em', display: 'grid', gap: '2px' })
export const companyName = style({ fontWeight: vars.weight.bold })
