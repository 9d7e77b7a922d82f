import { Trans } from '@lingui/react/macro'
import { PageIntro } from '../components/page-intro'

export default function UseCasesPage() {
  return <PageIntro title={<Trans>Use cases</Trans>} />
}
