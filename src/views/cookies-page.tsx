import { LegalDocument } from '../features/legal/legal-document'
import { cookiePolicy } from '../features/legal/cookies'

/** The page's title (the document's, and the prerendered head's). */
export default function CookiesPage() {
  return <LegalDocument content={cookiePolicy} />
}
