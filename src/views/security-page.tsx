import { LegalDocument } from '../features/legal/legal-document'
import { securityOverview } from '../features/legal/security'

/** The page's title (the document's, and the prerendered head's). */
export default function SecurityPage() {
  return <LegalDocument content={securityOverview} />
}
