import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css'

export const frame = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  paddingTop: vars.header.tall,
})
export const main = style({ flex: 1, outline: 'none' })
export const skipLink = style({
  position: 'absolute',
  left: vars.space.s2,
  top: '-100px',
  zIndex: 100,
  padding: `${vars.space.s1} ${vars.space.s2}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.raised,
  selectors: { '&:focus': { top: vars.space.s2 } },
})
