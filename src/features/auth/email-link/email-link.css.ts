import { globalStyle, style } from '@vanilla-extract/css'
import { emailLinkTypes } from '../../../../machines/email-link-read'

/** The page's title. Prerendered without a link, it says "One more step"; the page's script marks
 * the page with the link's kind before the first paint (`html[data-link-type]`), and until the app
 * has read the link the title shows the text for that kind, which the title carries in its
 * `data-title-<kind>` attributes. So a longer title that wraps is there from the first paint, and
 * nothing under it moves when the app takes over. */
export const linkTitle = style({})

globalStyle(`html[data-link-type] ${linkTitle}[data-unread] > span`, { display: 'none' })
for (const type of emailLinkTypes) {
  globalStyle(`html[data-link-type="${type}"] ${linkTitle}[data-unread]::after`, { content: `attr(data-title-${type})` })
}
