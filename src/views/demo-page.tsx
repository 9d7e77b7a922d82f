import { Trans } from '@lingui/react/macro'
import { PageIntro } from '../components/page-intro'

export default function DemoPage() {
  return <PageIntro title={<Trans>Book a demo</Trans>} />
}
