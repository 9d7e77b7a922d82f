import { LegalDocument } from '../features/legal/legal-document'
import { privacyPolicy } from '../features/legal/privacy'

/** The page's title (the document's, and the prerendered head's). */
export default function PrivacyPage() {
  return <LegalDocument content={privacyPolicy} />
}
