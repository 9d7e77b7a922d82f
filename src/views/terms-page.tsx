import { LegalDocument } from '../features/legal/legal-document'
import { termsOfService } from '../features/legal/terms'

export default function TermsPage() {
  return <LegalDocument content={termsOfService} />
}
