import { LegalHub } from '../features/legal/legal-hub'

/** The page's title (the document's, and the prerendered head's). */
export default function LegalHubPage() {
  return <LegalHub />
}
