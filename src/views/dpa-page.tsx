import { msg } from '@lingui/core/macro'
import { LegalDocument } from '../features/legal/legal-document'
import { dataProcessingAgreement } from '../features/legal/dpa'

/** The page's title (the document's, and the prerendered head's). */
export const title = msg({ message: 'Data processing agreement – Vekstlinje', context: 'page title' })

export default function DpaPage() {
  return <LegalDocument content={dataProcessingAgreement} />
}
