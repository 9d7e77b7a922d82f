import { LegalHub } from '../features/legal/legal-hub'

export default function LegalHubPage() {
  return <LegalHub />
}
