import { createFontStack } from '@capsizecss/core'
import arial from '@capsizecss/metrics/arial'
import inter from '@capsizecss/metrics/inter'
import roboto from '@capsizecss/metrics/roboto'
import { createGlobalTheme, globalFontFace } from '@vanilla-extract/css'

// Until Inter arrives (font-display: swap), text is set in a local font scaled to Inter's metrics:
// Arial (or Liberation Sans, drawn to Arial's metrics, on Linux), else Roboto (Android). When the
// web font comes after the first paint, as on a slow phone's network, the text keeps its lines
// and nothing moves (Capsize computes the overrides from each font's metrics).
const bodyFonts = createFontStack([{ ...inter, familyName: 'Inter Variable' }, arial, roboto], { fontFaceFormat: 'styleObject' })
for (const { '@font-face': face } of bodyFonts.fontFaces) {
  const { fontFamily, src, ...overrides } = face
  const metricTwins = src.includes("local('Arial')") ? ", local('Liberation Sans'), local('LiberationSans')" : ''
  globalFontFace(fontFamily, { ...overrides, src: `${src}${metricTwins}` })
}

// The design tokens. Contrast of every text/background pair below meets WCAG AA.
export const vars = createGlobalTheme(':root', {
  color: {
    bg: '#fbfbfd',
    surface: '#ffffff',
    surfaceMuted: '#f3f3f8',
    text: '#0f1020',
    textMuted: '#4a4b63',
    border: '#e3e3ee',
    accent: '#4b3fd8',
    accentHover: '#3b30b8',
    accentSoft: '#eeecfd',
    onAccent: '#ffffff',
    success: '#0f7a4d',
    successSoft: '#e4f5ec',
    danger: '#b4232c',
    dangerSoft: '#fdecec',
    focus: '#4b3fd8',
    inverseBg: '#0f1020',
    inverseText: '#f4f4fa',
    inverseMuted: '#b9bad0',
  },
  font: {
    body: `${bodyFonts.fontFamily}, ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif`,
  },
  weight: { regular: '400', medium: '550', bold: '700' },
  size: {
    xs: '0.875rem', // 14
    sm: '1rem', // 16
    md: '1.125rem', // 18
    lg: '1.5rem', // 24
    xl: '2rem', // 32
    xxl: '3rem', // 48
    display: '4rem', // 64
  },
  lineHeight: { tight: '1.15', snug: '1.3', body: '1.6' },
  space: {
    s1: '0.5rem', // 8
    s2: '1rem', // 16
    s3: '1.5rem', // 24
    s4: '2rem', // 32
    s5: '3rem', // 48
    s6: '4rem', // 64
    s7: '6rem', // 96
    s8: '8rem', // 128
  },
  radius: { sm: '8px', md: '14px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgba(15,16,32,0.04), 0 8px 24px rgba(15,16,32,0.06)',
    raised: '0 2px 4px rgba(15,16,32,0.06), 0 18px 48px rgba(15,16,32,0.12)',
  },
  width: { content: '1160px', prose: '70ch' },
  motion: { fast: '150ms', base: '220ms', easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)' },
  header: { tall: '80px', compact: '64px' },
})

export const breakpoints = {
  tablet: 'screen and (min-width: 768px)',
  desktop: 'screen and (min-width: 1024px)',
} as const

export const reducedMotion = '(prefers-reduced-motion: reduce)'
