import { LegalDocument } from '../features/legal/legal-document'
import { dataProcessingAgreement } from '../features/legal/dpa'

export default function DpaPage() {
  return <LegalDocument content={dataProcessingAgreement} />
}
