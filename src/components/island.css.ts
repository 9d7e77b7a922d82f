import { globalStyle, style } from '@vanilla-extract/css'

/** The island's element is a marker only: its sections lay out as the page's own children. */
export const island = style({ display: 'contents' })

/** Parts below the fold (the landing after the hero, a page's sections after its first, every
 * page's footer): the browser skips their style, layout and paint until they come near the viewport
 * (`content-visibility: auto`), so the first paint and a web font's arrival cost only what is in
 * view. Their size is remembered once laid out, and estimated until then. */
globalStyle(`${island}:is([data-island="landing"], [data-island="footer"]) > *, ${island}[data-island="page"] > section:not(:first-child)`, {
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 640px',
})
