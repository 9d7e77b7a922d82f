import { Trans } from '@lingui/react/macro'
import { PageIntro } from '../components/page-intro'

export default function LoginPage() {
  return <PageIntro title={<Trans>Sign in</Trans>} />
}
