import { LegalDocument } from '../features/legal/legal-document'
import { dataProcessingAgreement } from '../features/legal/dpa'

/** The page's title (the document's, and the prerendered head's). */
export default function DpaPage() {
  return <LegalDocument content={dataProcessingAgreement} />
}
