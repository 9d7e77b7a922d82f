import { msg } from '@lingui/core/macro'
import { LegalHub } from '../features/legal/legal-hub'

/** The page's title (the document's, and the prerendered head's). */
export const title = msg({ message: 'Legal & Trust – Vekstlinje', context: 'page title' })

export default function LegalHubPage() {
  return <LegalHub />
}
