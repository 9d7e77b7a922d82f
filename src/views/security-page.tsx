import { msg } from '@lingui/core/macro'
import { LegalDocument } from '../features/legal/legal-document'
import { securityOverview } from '../features/legal/security'

/** The page's title (the document's, and the prerendered head's). */
export const title = msg({ message: 'Security and subprocessors – Vekstlinje', context: 'page title' })

export default function SecurityPage() {
  return <LegalDocument content={securityOverview} />
}
