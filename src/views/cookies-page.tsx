import { msg } from '@lingui/core/macro'
import { LegalDocument } from '../features/legal/legal-document'
import { cookiePolicy } from '../features/legal/cookies'

/** The page's title (the document's, and the prerendered head's). */
export const title = msg({ message: 'Cookie policy – Vekstlinje', context: 'page title' })

export default function CookiesPage() {
  return <LegalDocument content={cookiePolicy} />
}
