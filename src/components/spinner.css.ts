import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css'
import { visuallyHidden } from './ui.css'

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

// A whole screen: whatever replaces the spinner (the page, or the sign-in page after a redirect)
// moves nothing in view, the footer included (no layout shift).
export const page = style({ display: 'grid', placeItems: 'center', minHeight: '100vh' })
export const ring = style({
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  border: `3px solid ${vars.color.accentSoft}`,
  borderTopColor: vars.color.accent,
  animation: `${spin} 800ms linear infinite`,
})
export const label = visuallyHidden
