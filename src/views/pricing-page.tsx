import { Trans } from '@lingui/react/macro'
import { PageIntro } from '../components/page-intro'

export default function PricingPage() {
  return <PageIntro title={<Trans>Pricing</Trans>} />
}
