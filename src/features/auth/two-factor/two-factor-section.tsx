import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { FormSection } from '../../../components/form/form-section'
import * as styles from '../../../components/form/form.css'
import { useToaster } from '../../../components/toaster/toaster'
import { button } from '../../../components/ui.css'
import { dateLocale } from '../../../i18n/lang'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { CodeField, codeFormProps } from './code-field'
import { SETTINGS_CODE_ID, twoFactorSettingsLogic } from './logic'
import { LostPhone } from './lost-phone'
import * as own from './two-factor.css'

/** The secret in groups of four, as authenticator apps accept it typed in. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

/** A code form's buttons: the action, and cancel. */
function CodeForm({
  busy,
  send,
  danger = false,
  action,
  cancel,
  children,
}: {
  busy: boolean
  send: (event: { type: 'form.submit' } | { type: 'cancel.click' }) => void
  danger?: boolean
  action: ReactNode
  cancel: ReactNode
  children: ReactNode
}) {
  return (
    <form {...codeFormProps(busy, send)}>
      {children}
      <div className={styles.buttonRow}>
        <button type="submit" className={`${danger ? button.danger : button.primary} ${own.wrap}`} aria-disabled={busy}>
          {action}
        </button>
        <button type="button" className={`${button.secondary} ${own.wrap}`} aria-disabled={busy} onClick={() => send({ type: 'cancel.click' })}>
          {cancel}
        </button>
      </div>
    </form>
  )
}

/** Two-factor sign-in on the account page: set up an authenticator app, see it, remove it. */
export function TwoFactorSection() {
  const { t } = useLingui()
  const lang = useLang()
  useToaster()
  const [snapshot, send] = useAppMachine(twoFactorSettingsLogic)
  const busy = snapshot.hasTag('busy')
  const { factor, enrollment, code, problem, failure } = snapshot.context
  const settingUp = snapshot.matches('scanning') || snapshot.matches('confirming')
  const on = snapshot.matches('enabled') || snapshot.matches('confirmingRemoval') || snapshot.matches('removing')
  const askingForCode = snapshot.matches('confirmingRemoval') || (snapshot.matches('removing') && code !== '')
  const since = factor ? new Intl.DateTimeFormat(dateLocale[lang], { dateStyle: 'long' }).format(new Date(factor.createdAt)) : ''
  const removeLabel = busy ? <Trans>Removing…</Trans> : <Trans>Remove the authenticator app</Trans>
  const codeField = (
    <CodeField id={SETTINGS_CODE_ID} value={code} problem={problem} failure={failure} busy={busy} onChange={(value) => send({ type: 'code.change', value })} />
  )

  return (
    <FormSection id="two-factor" title={<Trans>Two-factor sign-in</Trans>}>
      <p className={styles.intro}>
        <Trans>
          With two-factor sign-in, signing in also asks for a six-digit code from an authenticator app on your phone, such as Google
          Authenticator, Microsoft Authenticator or 1Password. Someone who learns your password still cannot sign in.
        </Trans>
      </p>
      {snapshot.matches('loading') ? (
        <p role="status">
          <Trans>Checking two-factor sign-in…</Trans>
        </p>
      ) : null}
      {snapshot.matches('unavailable') ? (
        <div className={styles.notice} role="alert">
          <p>
            <Trans>Two-factor sign-in could not be read just now.</Trans>
          </p>
          <button type="button" className={`${button.secondary} ${own.wrap}`} onClick={() => send({ type: 'retry.click' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : null}
      {snapshot.matches('disabled') || snapshot.matches('starting') ? (
        <p>
          <button type="button" className={`${button.primary} ${own.wrap}`} aria-disabled={busy} onClick={() => send({ type: 'enroll.click' })}>
            {busy ? <Trans>Preparing…</Trans> : <Trans>Set up an authenticator app</Trans>}
          </button>
        </p>
      ) : null}
      {settingUp && enrollment ? (
        <CodeForm
          busy={busy}
          send={send}
          action={busy ? <Trans>Checking…</Trans> : <Trans>Turn on two-factor sign-in</Trans>}
          cancel={<Trans context="stop setting up two-factor sign-in">Cancel</Trans>}
        >
          <ol className={styles.form}>
            <li>
              <Trans>Scan this QR code with the authenticator app.</Trans>
              <img className={own.qr} src={enrollment.qrCode} alt={t`QR code for setting up two-factor sign-in`} width={184} height={184} />
            </li>
            <li>
              <Trans>Cannot scan it? Type this key into the app instead:</Trans>{' '}
              <code className={own.secret} data-testid="two-factor-secret">
                {grouped(enrollment.secret)}
              </code>
            </li>
            <li>
              <Trans>Enter the six-digit code the app now shows.</Trans>
            </li>
          </ol>
          {codeField}
        </CodeForm>
      ) : null}
      {on && factor ? (
        <>
          <p role="status">
            <Trans>On: an authenticator app, set up {since}.</Trans>
          </p>
          {askingForCode ? (
            <CodeForm busy={busy} send={send} danger action={removeLabel} cancel={<Trans context="keep two-factor sign-in">Cancel</Trans>}>
              <p>
                <Trans>To remove it, enter a code from the app first.</Trans>
              </p>
              {codeField}
            </CodeForm>
          ) : (
            <p>
              <button type="button" className={`${button.danger} ${own.wrap}`} aria-disabled={busy} onClick={() => send({ type: 'remove.click' })}>
                {removeLabel}
              </button>
            </p>
          )}
        </>
      ) : null}
      <LostPhone />
    </FormSection>
  )
}
