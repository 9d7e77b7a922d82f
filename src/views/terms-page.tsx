import { LegalDocument } from '../features/legal/legal-document'
import { termsOfService } from '../features/legal/terms'

/** The page's title (the document's, and the prerendered head's). */
export default function TermsPage() {
  return <LegalDocument content={termsOfService} />
}
