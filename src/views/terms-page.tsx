import { msg } from '@lingui/core/macro'
import { LegalDocument } from '../features/legal/legal-document'
import { termsOfService } from '../features/legal/terms'

/** The page's title (the document's, and the prerendered head's). */
export const title = msg({ message: 'Terms of service – Vekstlinje', context: 'page title' })

export default function TermsPage() {
  return <LegalDocument content={termsOfService} />
}
