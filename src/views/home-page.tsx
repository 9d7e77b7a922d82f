import { Trans } from '@lingui/react/macro'
import { PageIntro } from '../components/page-intro'

export default function HomePage() {
  return <PageIntro title={<Trans>Done-for-you LinkedIn growth for B2B teams</Trans>} />
}
