import { Trans } from '@lingui/react/macro'
import { PageIntro } from '../components/page-intro'

export default function RegisterPage() {
  return <PageIntro title={<Trans>Create account</Trans>} />
}
