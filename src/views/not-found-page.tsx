import { Trans } from '@lingui/react/macro'
import { ButtonLink } from '../components/links'
import * as ui from '../components/ui.css'

/** The page's title (the document's, and the prerendered head's). */
export default function NotFoundPage() {
  return (
    <section className={ui.section}>
      <div className={ui.container}>
        <p className={ui.eyebrow}>404</p>
        <h1 className={ui.pageTitle}>
          <Trans>Oops! Page not found</Trans>
        </h1>
        <p className={ui.lead}>
          <Trans>The page you are looking for does not exist or has moved.</Trans>
        </p>
        <p className={ui.actionsRow}>
          <ButtonLink to="home">
            <Trans>Return to Home</Trans>
          </ButtonLink>
        </p>
      </div>
    </section>
  )
}
