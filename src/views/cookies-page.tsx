import { LegalDocument } from '../features/legal/legal-document'
import { cookiePolicy } from '../features/legal/cookies'

export default function CookiesPage() {
  return <LegalDocument content={cookiePolicy} />
}
