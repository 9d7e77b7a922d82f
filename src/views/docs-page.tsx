import { Trans } from '@lingui/react/macro'
import { PageIntro } from '../components/page-intro'

export default function DocsPage() {
  return <PageIntro title={<Trans>Service overview</Trans>} />
}
