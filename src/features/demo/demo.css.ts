import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css'

export const layout = style({
  display: 'grid',
  gap: vars.space.s5,
  alignItems: 'start',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1.7fr 1fr' } },
})

export const formCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.s3,
  '@media': { [breakpoints.tablet]: { padding: vars.space.s4 } },
})

export const form = style({ display: 'grid', gap: vars.space.s2 })

export const row = style({
  display: 'grid',
  gap: vars.space.s2,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' } },
})

export const field = style({ display: 'grid', gap: '6px', alignContent: 'start' })

export const label = style({ fontWeight: vars.weight.medium, fontSize: vars.size.xs })
export const optional = style({ fontWeight: vars.weight.regular, color: vars.color.textMuted })

export const input = style({
  width: '100%',
  minHeight: '48px',
  padding: '10px 14px',
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  transition: `border-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { borderColor: vars.color.textMuted },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px', borderColor: vars.color.focus },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[readonly]': { background: vars.color.surfaceMuted },
  },
})

export const select = style({ appearance: 'auto', cursor: 'pointer' })
export const textarea = style({ resize: 'vertical', minHeight: '7.5rem' })

export const hint = style({ margin: 0, fontSize: vars.size.xs, color: vars.color.textMuted })

/** A line is kept for each field's error even while there is none: an error appearing when a
 * field is left must not move the submit button from under the pointer. */
export const error = style({
  margin: 0,
  minHeight: '1.5em',
  fontSize: vars.size.xs,
  lineHeight: 1.5,
  color: vars.color.danger,
})

/** Off-screen, out of the tab order and hidden from assistive technology: only bots fill it in. */
export const honeypot = style({
  position: 'absolute',
  left: '-10000px',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
})

/** The bot check's widget: no box of its own, so that while it asks nothing of the visitor (it
 * renders hidden) the form keeps its spacing; a challenge it must show takes a row of the form. */
export const botCheck = style({ display: 'contents' })

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.s2 })
export const submit = style({ minWidth: '12rem' })

export const aside = style({
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  padding: vars.space.s4,
  '@media': { [breakpoints.desktop]: { position: 'sticky', top: `calc(${vars.header.compact} + ${vars.space.s3})` } },
})
export const asideTitle = style({ fontSize: vars.size.lg })
export const asideText = style({ color: vars.color.textMuted, marginTop: vars.space.s1 })
export const facts = style({ display: 'grid', gap: vars.space.s2, margin: `${vars.space.s3} 0 0`, padding: 0, listStyle: 'none' })
globalStyle(`${facts} li`, { display: 'flex', alignItems: 'center', gap: vars.space.s1 })
globalStyle(`${facts} svg`, { color: vars.color.accent, flexShrink: 0 })
export const formBody = style({ marginTop: vars.space.s3 })
