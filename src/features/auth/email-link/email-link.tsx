import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { type EmailLinkType, emailLinkTypes } from '../../../../machines/email-link-read'
import { PASSWORD_MIN_LENGTH } from '../../../../machines/register-rules'
import * as styles from '../../../components/form/form.css'
import { PageLink } from '../../../components/links'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { serverMessage } from '../../../lib/server-message'
import { useAppMachine } from '../../../lib/use-app-machine'
import { connectEmailLink } from './connect'
import { linkTitle } from './email-link.css'
import { emailLinkLogic, newMailPage } from './logic'

/** What the page says before the press, per kind of link, naming the address when the link does. */
function Intro({ type, address }: { type: EmailLinkType | undefined; address: string | null }) {
  const who = <strong>{address}</strong>
  if (type === 'recovery') {
    return address ? <Trans>Press the button to choose a new password for {who}.</Trans> : <Trans>Press the button to choose a new password for your account.</Trans>
  }
  if (type === 'email_change') {
    return address ? (
      <Trans>Press the button to confirm the change of your account’s e-mail address. This link was sent to {who}.</Trans>
    ) : (
      <Trans>Press the button to confirm the new e-mail address of your account.</Trans>
    )
  }
  return address ? (
    <Trans>Confirm the account for {who} and choose the password you will sign in with.</Trans>
  ) : (
    <Trans>Confirm your e-mail address and choose the password you will sign in with.</Trans>
  )
}

function ButtonText({ type }: { type: EmailLinkType | undefined }) {
  if (type === 'recovery') return <Trans>Choose a new password</Trans>
  if (type === 'email_change') return <Trans>Confirm the change</Trans>
  return <Trans>Confirm and save the password</Trans>
}

/** The page's title: the task the link is for (a link cut short names none). */
const titles: Record<EmailLinkType, MessageDescriptor> = {
  signup: msg`Confirm your e-mail address`,
  recovery: msg`Choose a new password`,
  email_change: msg`Confirm the change of e-mail address`,
}
const untitled = msg`One more step`

const newMailText: Record<EmailLinkType, ReactNode> = {
  signup: <Trans>Sign in to get a new confirmation link</Trans>,
  recovery: <Trans>Ask for a new link</Trans>,
  email_change: <Trans>Go to your account page and ask for a new link</Trans>,
}

/** For a link of unknown kind (cut short): which of the two a visitor may need is theirs. */
const newMailTextFor: Partial<Record<EmailLinkType, ReactNode>> = {
  signup: <Trans>Confirming your e-mail address? Sign in to get a new confirmation link</Trans>,
  recovery: <Trans>Choosing a new password? Ask for a new link</Trans>,
}

/** Where to get a new e-mail: for a link of unknown kind (cut short), the two a visitor may need. */
function NewMailLinks({ type }: { type: EmailLinkType | undefined }) {
  const types: EmailLinkType[] = type ? [type] : ['signup', 'recovery']
  return types.map((kind) => (
    <p key={kind}>
      <PageLink to={newMailPage[kind]}>{type ? newMailText[kind] : newMailTextFor[kind]}</PageLink>
    </p>
  ))
}

/** The page an auth e-mail's link opens: it names the address, spends nothing until the button is
 * pressed, never replaces the session of someone signed in here without asking, and has a new
 * account choose its password (a password typed at sign-up by whoever first used the address
 * opens nothing). */
export function EmailLinkConfirm() {
  const { i18n } = useLingui()
  const [snapshot, send] = useAppMachine(emailLinkLogic(useLang()))
  const page = connectEmailLink(snapshot, send)
  const address = page.address ? <strong>{page.address}</strong> : null
  const current = <strong>{page.signedInAs}</strong>

  return (
    <div className={styles.card} data-state={page.state}>
      <div>
        <h1
          className={`${styles.title} ${linkTitle}`}
          {...page.titleProps}
          {...Object.fromEntries(emailLinkTypes.map((type) => [`data-title-${type}`, i18n._(titles[type])]))}
        >
          <span>{i18n._(page.type ? titles[page.type] : untitled)}</span>
        </h1>
        {page.view === 'waiting' ? (
          <p className={`${styles.intro} ${styles.addresses}`}>
            <Intro type={page.type} address={page.address} />
          </p>
        ) : null}
      </div>
      {page.view === 'expired' || page.view === 'incomplete' || page.view === 'mismatched' ? (
        <div className={styles.notice} role="alert">
          <p>
            {page.view === 'expired' ? <Trans>This link has expired or has already been used.</Trans> : null}
            {page.view === 'incomplete' ? <Trans>This link is incomplete. Copy the whole address from the e-mail, or ask for a new e-mail.</Trans> : null}
            {page.view === 'mismatched' ? <Trans>This link does not belong to {address}, so nobody was signed in. Ask for a new e-mail.</Trans> : null}
          </p>
          <NewMailLinks type={page.type} />
        </div>
      ) : null}
      {page.view === 'half' ? (
        <div className={styles.notice} role="status">
          <p>
            <Trans>Confirmed. The change is made once you have also confirmed from your other e-mail address.</Trans>
          </p>
        </div>
      ) : null}
      {page.view === 'choosing' ? (
        <div className={`${styles.form} ${styles.addresses}`}>
          <p role="status">
            <Trans>
              You are signed in as {current} on this device. This link is for {address}.
            </Trans>
          </p>
          <button className={`${button.primary} ${styles.submit}`} {...page.switchProps}>
            <Trans>Continue as {address}</Trans>
          </button>
          <button className={`${button.secondary} ${styles.submit}`} {...page.stayProps}>
            <Trans>Stay signed in as {current}</Trans>
          </button>
        </div>
      ) : null}
      {page.view === 'stayed' ? (
        <div className={styles.notice} role="status">
          <p>
            <Trans>
              You are still signed in as {current}. The link has been used: to use it for {address}, sign out and ask for a new e-mail.
            </Trans>
          </p>
          <p>
            <PageLink to="app">
              <Trans>Go to your dashboard</Trans>
            </PageLink>
          </p>
        </div>
      ) : null}
      {page.failure ? (
        <p className={styles.notice} role="alert">
          {serverMessage(i18n, page.failure) ?? <Trans>We couldn't confirm. Check your internet connection and try again.</Trans>}
        </p>
      ) : null}
      {page.view === 'waiting' ? (
        <form className={styles.form} {...page.formProps}>
          {page.asksPassword ? (
            <div className={styles.field}>
              <label className={styles.label} htmlFor={page.passwordProps.id}>
                <Trans>Password for your account</Trans>
              </label>
              <input className={styles.input} {...page.passwordProps} />
              <p id={`${page.passwordProps.id}-hint`} className={styles.hint}>
                <Trans>At least {PASSWORD_MIN_LENGTH} characters. It may be the one you chose when you registered.</Trans>
              </p>
              <p id={page.problemId} className={styles.problem} aria-live="polite">
                {page.passwordProblem ? <Trans>The password must be at least {PASSWORD_MIN_LENGTH} characters.</Trans> : null}
                {page.passwordRefused ? (serverMessage(i18n, page.passwordRefused) ?? <Trans>Could not save the password. Try again.</Trans>) : null}
              </p>
            </div>
          ) : null}
          <button className={`${button.primary} ${styles.submit}`} {...page.confirmProps}>
            {page.busy ? <Trans>Confirming…</Trans> : <ButtonText type={page.type} />}
          </button>
          {/* Why a second press after the e-mail's: a mail scanner's visit spends nothing. Under the
              button, which shows once the link is read: the intro above may take another line then. */}
          <p className={styles.hint}>
            <Trans>For your security, nothing happens until you press the button.</Trans>
          </p>
        </form>
      ) : null}
    </div>
  )
}
