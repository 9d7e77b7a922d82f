import { style } from '@vanilla-extract/css'

/** The island's element is a marker only: its sections lay out as the page's own children. */
export const island = style({ display: 'contents' })
