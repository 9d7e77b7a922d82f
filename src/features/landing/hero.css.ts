import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css'

export const hero = style({
  position: 'relative',
  overflow: 'hidden',
  paddingBlock: `${vars.space.s5} ${vars.space.s6}`,
  backgroundImage: [
    'radial-gradient(40rem 28rem at 85% 10%, rgba(124, 112, 255, 0.16), rgba(124, 112, 255, 0) 70%)',
    'radial-gradient(36rem 24rem at 0% 100%, rgba(75, 63, 216, 0.08), rgba(75, 63, 216, 0) 70%)',
  ].join(', '),
  '@media': { [breakpoints.desktop]: { paddingBlock: `${vars.space.s6} ${vars.space.s8}` } },
})

export const heroGrid = style({
  display: 'grid',
  gap: vars.space.s5,
  alignItems: 'center',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1.15fr 1fr', gap: vars.space.s6 } },
})

export const heroText = style({ minWidth: 0 })

/** On phones both hero buttons take the full width. */
export const heroActions = style({
  '@media': { 'screen and (max-width: 479px)': { display: 'grid' } },
})

/** On phones the eyebrow takes two lines in any font: a line that fits Inter but not the local
 * fallback shown until Inter arrives (or the other way) would move the page when it does. */
export const heroEyebrow = style({
  '@media': { 'screen and (max-width: 479px)': { maxWidth: '16em' } },
})

export const heroTitle = style({
  fontSize: 'clamp(2.5rem, 6vw, 4rem)',
  lineHeight: 1.05,
  letterSpacing: '-0.035em',
  maxWidth: '16ch',
})

export const heroLead = style({
  fontSize: vars.size.md,
  color: vars.color.textMuted,
  maxWidth: '54ch',
  marginTop: vars.space.s3,
  '@media': { [breakpoints.desktop]: { fontSize: '1.25rem' } },
})

export const heroTrust = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.s1} ${vars.space.s3}`,
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.s4} 0 0`,
  fontSize: vars.size.xs,
  color: vars.color.textMuted,
})
globalStyle(`${heroTrust} li`, { display: 'inline-flex', alignItems: 'center', gap: '6px' })
globalStyle(`${heroTrust} svg`, { color: vars.color.success })

export const heroVisual = style({ minWidth: 0, paddingBlock: vars.space.s2 })
