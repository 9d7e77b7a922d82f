import { LegalDocument } from '../features/legal/legal-document'
import { securityOverview } from '../features/legal/security'

export default function SecurityPage() {
  return <LegalDocument content={securityOverview} />
}
