import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { EmailLinkType } from '../../../../machines/email-link.machine'
import * as styles from '../../../components/form/form.css'
import { PageLink } from '../../../components/links'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { serverMessage } from '../../../lib/server-message'
import { useAppMachine } from '../../../lib/use-app-machine'

import { emailLinkLogic, newMailPage } from './logic'

/** What the page says before the press, per kind of link. */
function Intro({ type }: { type: EmailLinkType | undefined }) {
  if (type === 'recovery') return <Trans>Press the button to choose a new password for your account.</Trans>
  if (type === 'email_change') return <Trans>Press the button to confirm the new e-mail address of your account.</Trans>
  return <Trans>Press the button to confirm your e-mail address and sign in.</Trans>
}

function ButtonText({ type }: { type: EmailLinkType | undefined }) {
  if (type === 'recovery') return <Trans>Choose a new password</Trans>
  if (type === 'email_change') return <Trans>Confirm the new address</Trans>
  return <Trans>Confirm e-mail address</Trans>
}

const newMailText: Record<EmailLinkType, ReactNode> = {
  signup: <Trans>Sign in to get a new confirmation e-mail</Trans>,
  recovery: <Trans>Ask for a new link</Trans>,
  email_change: <Trans>Go to your account to ask again</Trans>,
}

/** Where to get a new e-mail: for a link of unknown kind (cut short), the two a visitor may need. */
function NewMailLinks({ type }: { type: EmailLinkType | undefined }) {
  const types: EmailLinkType[] = type ? [type] : ['signup', 'recovery']
  return types.map((kind) => (
    <p key={kind}>
      <PageLink to={newMailPage[kind]}>{newMailText[kind]}</PageLink>
    </p>
  ))
}

/** The page an auth e-mail's link opens: nothing is spent until the button is pressed. */
export function EmailLinkConfirm() {
  const { i18n } = useLingui()
  const [snapshot, send] = useAppMachine(emailLinkLogic(useLang()))
  const type = snapshot.context.link?.type
  const busy = snapshot.hasTag('busy')
  const spent = snapshot.matches('expired') || snapshot.matches('incomplete')
  const waiting = snapshot.matches('reading') || snapshot.matches('ready') || snapshot.matches('confirming') || snapshot.matches('following') || snapshot.matches('failed')

  return (
    <div className={styles.card} data-state={String(snapshot.value)}>
      <div>
        <h1 className={styles.title}>
          <Trans>Confirm with one press</Trans>
        </h1>
        {waiting ? (
          <p className={styles.intro}>
            <Intro type={type} />
          </p>
        ) : null}
      </div>
      {spent ? (
        <div className={styles.notice} role="alert">
          <p>
            {snapshot.matches('expired') ? (
              <Trans>This link has expired or has already been used.</Trans>
            ) : (
              <Trans>This link is incomplete. Copy the whole address from the e-mail, or ask for a new e-mail.</Trans>
            )}
          </p>
          <NewMailLinks type={type} />
        </div>
      ) : null}
      {snapshot.matches('halfConfirmed') ? (
        <div className={styles.notice} role="status">
          <p>
            <Trans>This address is confirmed. The change takes effect once you also press the link in the e-mail sent to your other address.</Trans>
          </p>
        </div>
      ) : null}
      {snapshot.matches('failed') ? (
        <p className={styles.notice} role="alert">
          {serverMessage(i18n, snapshot.context.failure) ?? <Trans>Could not confirm. Check your connection and try again.</Trans>}
        </p>
      ) : null}
      {waiting ? (
        <button
          type="button"
          className={`${button.primary} ${styles.submit}`}
          disabled={!snapshot.can({ type: 'confirm.click' })}
          aria-busy={busy}
          onClick={() => send({ type: 'confirm.click' })}
        >
          {busy ? <Trans>Confirming…</Trans> : <ButtonText type={type} />}
        </button>
      ) : null}
    </div>
  )
}
