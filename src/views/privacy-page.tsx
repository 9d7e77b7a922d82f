import { LegalDocument } from '../features/legal/legal-document'
import { privacyPolicy } from '../features/legal/privacy'

export default function PrivacyPage() {
  return <LegalDocument content={privacyPolicy} />
}
