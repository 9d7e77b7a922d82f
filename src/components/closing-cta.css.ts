import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../styles/theme.css'

/** Follows a section with the same background: its own top padding would double the gap. */
export const section = style({ paddingTop: 0, '@media': { [breakpoints.desktop]: { paddingTop: 0 } } })

export const band = style({
  position: 'relative',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.inverseBg,
  color: vars.color.inverseText,
  padding: `${vars.space.s6} ${vars.space.s3}`,
  textAlign: 'center',
  backgroundImage:
    'radial-gradient(60% 120% at 50% 0%, rgba(124, 112, 255, 0.35) 0%, rgba(15, 16, 32, 0) 70%)',
  '@media': { [breakpoints.tablet]: { padding: `${vars.space.s7} ${vars.space.s6}` } },
})

export const title = style({
  fontSize: 'clamp(1.75rem, 3.5vw, 2.5rem)',
  maxWidth: '22ch',
  marginInline: 'auto',
  color: vars.color.inverseText,
})

export const text = style({
  color: vars.color.inverseMuted,
  fontSize: vars.size.md,
  maxWidth: '56ch',
  marginInline: 'auto',
  marginTop: vars.space.s2,
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.s2,
  marginTop: vars.space.s4,
})

export const note = style({ marginTop: vars.space.s2, fontSize: vars.size.xs, color: vars.color.inverseMuted })
