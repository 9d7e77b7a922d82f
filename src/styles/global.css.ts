import { globalStyle } from '@vanilla-extract/css'
import { reducedMotion, vars } from './theme.css'

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })
globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  scrollPaddingTop: vars.header.compact,
  '@media': { [`not ${reducedMotion}`]: { scrollBehavior: 'smooth' } },
})
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.size.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  background: vars.color.bg,
  WebkitFontSmoothing: 'antialiased',
  textRendering: 'optimizeLegibility',
  overflowX: 'hidden',
})
globalStyle('h1, h2, h3, h4', { lineHeight: vars.lineHeight.tight, letterSpacing: '-0.02em', margin: 0, fontWeight: vars.weight.bold })
globalStyle('p, ul, ol, dl, figure', { margin: 0 })
globalStyle('a', { color: vars.color.accent, textUnderlineOffset: '0.2em' })
globalStyle('a:hover', { color: vars.color.accentHover })
globalStyle('img, svg', { display: 'block', maxWidth: '100%' })
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' })
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
  borderRadius: '4px',
})
globalStyle('::selection', { background: vars.color.accentSoft })
// A page that needs a session, opened by a visitor surely without one: unpainted until its script
// has put the page they get in its place (src/app/page-script/signed-out.ts).
globalStyle('html[data-without-session] #root', { visibility: 'hidden' })
globalStyle('*, *::before, *::after', {
  '@media': {
    [reducedMotion]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
})
