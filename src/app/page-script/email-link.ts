import { readEmailLink } from '../../../machines/email-link-read'
import './public'

// The script of the page an auth e-mail's link opens: a public page's (public.ts), and before the
// first paint it marks the page with the link's kind (`html[data-link-type]`), so that the title,
// prerendered without a link, already names the link's task (email-link.css.ts) and nothing moves
// when the app has read the link.
const link = readEmailLink(location.search)
if (link) document.documentElement.dataset.linkType = link.type
