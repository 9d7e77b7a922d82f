import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const page = style({
  display: 'grid',
  // One column no wider than the screen: the card shrinks with it instead of pushing it wider.
  gridTemplateColumns: 'minmax(0, 1fr)',
  placeItems: 'start center',
  paddingBlock: vars.space.s6,
  paddingInline: vars.space.s2,
})

/** A page whose content is known only after the app starts (it reads a session from the address):
 * a whole screen at least, like the spinner it starts with, so that what replaces the spinner moves
 * nothing in view, the footer included (no layout shift). */
export const sessionPage = style([page, { minHeight: '100vh' }])

export const card = style({
  width: '100%',
  maxWidth: '440px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: `clamp(${vars.space.s2}, 6vw, ${vars.space.s4})`,
  minWidth: 0,
  display: 'grid',
  // Its column no wider than the card, and a word longer than a line (an address) breaks anywhere:
  // the card never widens the page.
  gridTemplateColumns: 'minmax(0, 1fr)',
  overflowWrap: 'anywhere',
  gap: vars.space.s3,
})

export const title = style({ fontSize: vars.size.xl })
/** Text holding e-mail addresses or names a person typed, which may have no place to break: they
 * break anywhere rather than widen the page. */
export const addresses = style({ overflowWrap: 'anywhere', minWidth: 0 })
// Its buttons too ("Continue as {address}"): they take two lines rather than stick out.
globalStyle(`${addresses} button`, { whiteSpace: 'normal' })
export const intro = style({ color: vars.color.textMuted, marginTop: vars.space.s1 })
// A form hidden while an answer shows stays hidden (its display would otherwise win over `hidden`).
// `data-unread`: a form whose fields depend on what the page has yet to read (an e-mail link's type)
// keeps its place unseen until then, so the fields it gets move nothing in view.
export const form = style({
  display: 'grid',
  gap: vars.space.s2,
  selectors: { '&[hidden]': { display: 'none' }, '&[data-unread]': { visibility: 'hidden' } },
})
export const field = style({ display: 'grid', gap: '6px' })
// A label may hold the account's address (the deletion's confirmation): it breaks anywhere.
export const label = style({ fontWeight: vars.weight.medium, fontSize: vars.size.xs, overflowWrap: 'anywhere' })

export const input = style({
  // Not the browser's default width (about 20 characters), which widened the card past its padding at 320 px.
  width: '100%',
  minWidth: 0,
  minHeight: '48px',
  padding: `0 ${vars.space.s2}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: vars.size.sm,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled, &[readonly]': { background: vars.color.surfaceMuted },
  },
})

export const problem = style({
  color: vars.color.danger,
  fontSize: vars.size.xs,
  minHeight: '1.2em',
  margin: 0,
})

/** A line under a field that says what it takes (tied to it with aria-describedby). */
export const hint = style({ color: vars.color.textMuted, fontSize: vars.size.xs, margin: 0 })

export const submit = style({ width: '100%', marginTop: vars.space.s1 })
/** The buttons that sign in with another service, one under the other, full width. */
export const providers = style({ display: 'grid', gap: vars.space.s1 })
export const providerButton = style({ width: '100%' })
// Its label may take two lines on the narrowest phones ("Registrer deg med LinkedIn" at 320 px); two
// classes, so that it wins over the button's own nowrap.
globalStyle(`${providers} ${providerButton}`, { whiteSpace: 'normal' })

export const divider = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto 1fr',
  alignItems: 'center',
  gap: vars.space.s2,
  color: vars.color.textMuted,
  fontSize: vars.size.xs,
  selectors: { '&::before, &::after': { content: '""', height: '1px', background: vars.color.border } },
})

export const notice = style({
  padding: vars.space.s2,
  borderRadius: vars.radius.sm,
  background: vars.color.accentSoft,
  display: 'grid',
  gap: vars.space.s1,
})
// A notice's button may wrap: on a narrow phone its text is wider than the card.
globalStyle(`${notice} button`, { whiteSpace: 'normal' })

export const reasons = style({ margin: 0, paddingInlineStart: vars.space.s3, color: vars.color.danger, fontSize: vars.size.xs })
export const forgotLine = style({ fontSize: vars.size.xs, marginTop: `calc(-1 * ${vars.space.s1})`, textAlign: 'end' })
export const section = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.s2, paddingTop: vars.space.s3, borderTop: `1px solid ${vars.color.border}` })
export const sectionTitle = style({ fontSize: vars.size.lg })
export const buttonRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s1 })
export const backLine = style({ fontSize: vars.size.xs, marginBottom: vars.space.s1 })
export const switchLine = style({ fontSize: vars.size.xs, color: vars.color.textMuted, textAlign: 'center' })
