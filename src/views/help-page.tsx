import { Trans } from '@lingui/react/macro'
import { PageIntro } from '../components/page-intro'

export default function HelpPage() {
  return <PageIntro title={<Trans>Help center</Trans>} />
}
