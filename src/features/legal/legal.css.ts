import { globalStyle, style } from '@vanilla-extract/css'
import { card, container, grid, section, tocHeading } from '../../components/ui.css'
import { breakpoints, vars } from '../../styles/theme.css'

/* ---------- The page header of a legal document and of the hub ---------- */

export const header = style([
  section,
  {
    paddingTop: vars.space.s5,
    paddingBottom: vars.space.s4,
    borderBottom: `1px solid ${vars.color.border}`,
    background: vars.color.surfaceMuted,
    '@media': { [breakpoints.desktop]: { paddingTop: vars.space.s6, paddingBottom: vars.space.s5 } },
  },
])

/** The title of a legal page: long Norwegian compounds must wrap on a phone. */
export const docTitle = style({
  fontSize: 'clamp(2rem, 6vw, 3.5rem)',
  maxWidth: '22ch',
  overflowWrap: 'break-word',
  hyphens: 'auto',
})

export const headerInner = style([container])

export const backLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.s1,
  minHeight: '44px',
  fontSize: vars.size.xs,
  fontWeight: vars.weight.medium,
  textDecoration: 'none',
  marginBottom: vars.space.s2,
  selectors: { '&:hover': { textDecoration: 'underline' } },
})

export const updated = style({
  marginTop: vars.space.s2,
  fontSize: vars.size.xs,
  color: vars.color.textMuted,
})

/* ---------- Body: table of contents beside the text ---------- */

export const body = style([
  container,
  {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: vars.space.s4,
    paddingBlock: vars.space.s5,
    '@media': {
      [breakpoints.desktop]: {
        gridTemplateColumns: '260px minmax(0, 1fr)',
        gap: vars.space.s6,
        paddingBlock: vars.space.s6,
        alignItems: 'start',
      },
    },
  },
])

export const toc = style([
  card,
  {
    padding: vars.space.s3,
    '@media': {
      [breakpoints.desktop]: {
        position: 'sticky',
        top: `calc(${vars.header.compact} + ${vars.space.s3})`,
        maxHeight: `calc(100vh - ${vars.header.compact} - ${vars.space.s5})`,
        overflowY: 'auto',
      },
    },
  },
])

export const tocLabel = tocHeading

export const tocList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': {
    [breakpoints.tablet]: { columns: 2, columnGap: vars.space.s3 },
    [breakpoints.desktop]: { columns: 'auto' },
  },
})

globalStyle(`${tocList} > li`, { breakInside: 'avoid' })

export const tocLink = style({
  display: 'flex',
  gap: vars.space.s1,
  minHeight: '44px',
  alignItems: 'center',
  paddingInline: vars.space.s1,
  borderRadius: vars.radius.sm,
  paddingBlock: '6px',
  fontSize: vars.size.xs,
  lineHeight: vars.lineHeight.snug,
  color: vars.color.textMuted,
  textDecoration: 'none',
  overflowWrap: 'break-word',
  hyphens: 'auto',
  transition: `background ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text },
  },
  '@media': { [breakpoints.desktop]: { minHeight: '36px' } },
})

export const tocNumber = style({
  flex: 'none',
  minWidth: '1.75em',
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.accent,
  fontWeight: vars.weight.medium,
})

/* ---------- The text ---------- */

export const article = style({
  minWidth: 0,
  maxWidth: vars.width.prose,
  fontSize: vars.size.sm,
  lineHeight: vars.lineHeight.body,
  '@media': { [breakpoints.tablet]: { fontSize: vars.size.md } },
})

export const intro = style({
  fontSize: vars.size.md,
  color: vars.color.textMuted,
  marginBottom: vars.space.s4,
})

export const docSection = style({
  scrollMarginTop: `calc(${vars.header.compact} + ${vars.space.s2})`,
  paddingTop: vars.space.s4,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}`, marginTop: vars.space.s4 } },
  // A section is laid out only near the viewport: a long text's first layout is the part in view.
  // Where the clip that comes with it can be widened, so that focus rings and cards' shadows at its
  // edges still show.
  '@supports': {
    '(overflow-clip-margin: 1px)': { contentVisibility: 'auto', containIntrinsicSize: 'auto 480px', overflowClipMargin: '32px' },
  },
})

export const sectionHeading = style({
  display: 'flex',
  gap: vars.space.s2,
  alignItems: 'baseline',
  fontSize: vars.size.lg,
  marginBottom: vars.space.s2,
})

globalStyle(`${sectionHeading} > span:last-child`, { minWidth: 0, overflowWrap: 'break-word', hyphens: 'auto' })

export const sectionNumber = style({
  flex: 'none',
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.accent,
})

globalStyle(`${article} p, ${article} ul, ${article} ol, ${article} dl`, { marginBottom: vars.space.s2 })
globalStyle(`${article} ul, ${article} ol`, { paddingInlineStart: '1.25em' })
globalStyle(`${article} li`, { marginBottom: vars.space.s1 })
globalStyle(`${article} li::marker`, { color: vars.color.accent })
globalStyle(`${article} h3`, { fontSize: vars.size.md, marginTop: vars.space.s3, marginBottom: vars.space.s1 })
globalStyle(`${article} strong`, { fontWeight: vars.weight.bold })
globalStyle(`${article} a`, { overflowWrap: 'anywhere' })

/* ---------- Subprocessor list (security page) ---------- */

export const vendorList = style({
  listStyle: 'none',
  display: 'grid',
  gap: vars.space.s2,
  selectors: { [`${article} &`]: { paddingInlineStart: 0 } },
})

export const vendor = style([card, { padding: vars.space.s3, selectors: { [`${article} &`]: { marginBottom: 0 } } }])

export const vendorName = style({
  fontSize: vars.size.md,
  marginBottom: vars.space.s1,
  selectors: { [`${article} &`]: { marginTop: 0 } },
})

export const vendorFacts = style({
  display: 'grid',
  gap: vars.space.s1,
  fontSize: vars.size.xs,
  selectors: { [`${article} &`]: { marginBottom: 0 } },
})

export const vendorFact = style({
  display: 'grid',
  gap: `0 ${vars.space.s2}`,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '9.5rem minmax(0, 1fr)' } },
})

globalStyle(`${vendorFact} dt`, { fontWeight: vars.weight.bold, color: vars.color.text })
globalStyle(`${vendorFact} dd`, { margin: 0, color: vars.color.textMuted })

/* ---------- The hub ---------- */

export const hubSection = style([section, { paddingTop: vars.space.s5 }])

export const hubHeading = style({
  fontSize: vars.size.xs,
  fontWeight: vars.weight.bold,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
  marginBottom: vars.space.s3,
})

export const hubGrid = style([grid.three, { listStyle: 'none', padding: 0, margin: 0 }])

export const hubCard = style([
  card,
  {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    transition: `box-shadow ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast}`,
    selectors: {
      '&:hover': { boxShadow: vars.shadow.raised, borderColor: vars.color.accentSoft },
      '&:focus-within': { borderColor: vars.color.accent },
    },
  },
])

// Long Norwegian compounds ("Underleverandører") fit a 320 px screen at this size, and wrap if not.
export const hubCardTitle = style({ fontSize: `clamp(1.25rem, 6vw, ${vars.size.lg})`, marginBottom: vars.space.s1, overflowWrap: 'break-word' })

/** The title link covers the whole card, so the card is one large target. */
export const hubCardLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.md },
    '&:hover': { color: vars.color.accent },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})

export const hubCardText = style({ color: vars.color.textMuted, flexGrow: 1 })

export const hubCardMore = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  marginTop: vars.space.s2,
  fontSize: vars.size.xs,
  fontWeight: vars.weight.medium,
  color: vars.color.accent,
})

export const contact = style([
  card,
  {
    marginTop: vars.space.s5,
    display: 'grid',
    gap: vars.space.s3,
    '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
  },
])

globalStyle(`${contact} > :first-child`, { gridColumn: '1 / -1' })

export const contactTitle = style({ fontSize: vars.size.lg, marginBottom: vars.space.s1 })

export const contactItem = style({ display: 'flex', gap: vars.space.s2, alignItems: 'flex-start' })

export const contactIcon = style({ flex: 'none', color: vars.color.accent, marginTop: '2px' })

export const contactLabel = style({ fontSize: vars.size.xs, fontWeight: vars.weight.bold, color: vars.color.textMuted })

export const address = style({ fontStyle: 'normal' })
