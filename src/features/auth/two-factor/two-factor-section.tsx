import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { FormSection } from '../../../components/form/form-section'
import * as styles from '../../../components/form/form.css'
import { useToaster } from '../../../components/toaster/toaster'
import { button } from '../../../components/ui.css'
import { dateLocale } from '../../../i18n/lang'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { CodeField } from './code-field'
import { connectTwoFactorSettings } from './connect'
import { twoFactorSettingsLogic } from './logic'
import { LostPhone } from './lost-phone'
import * as own from './two-factor.css'

/** The secret in groups of four, as authenticator apps accept it typed in. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

type Settings = ReturnType<typeof connectTwoFactorSettings>

/** A code form: what it asks, the code, its action and cancel. */
function CodeForm({ settings, danger = false, action, cancel, children }: { settings: Settings; danger?: boolean; action: ReactNode; cancel: ReactNode; children: ReactNode }) {
  const { code } = settings
  return (
    <form {...code.formProps}>
      {children}
      <CodeField {...code.fieldProps} />
      <div className={styles.buttonRow}>
        <button className={`${danger ? button.danger : button.primary} ${own.wrap}`} {...code.submitProps}>
          {action}
        </button>
        <button className={`${button.secondary} ${own.wrap}`} {...settings.cancelProps}>
          {cancel}
        </button>
      </div>
    </form>
  )
}

/** Two-step verification on the account page: turn it on with an authenticator app, see since when,
 * turn it off. `provider`: the service an account without a password signs in through (Google,
 * LinkedIn), which the texts name instead of a password. */
export function TwoFactorSection({ provider }: { provider?: string | undefined }) {
  const { t } = useLingui()
  const lang = useLang()
  useToaster()
  const [snapshot, send] = useAppMachine(twoFactorSettingsLogic)
  const settings = connectTwoFactorSettings(snapshot, send)
  const { busy, enrollment, factor } = settings
  const since = factor ? new Intl.DateTimeFormat(dateLocale[lang], { dateStyle: 'long' }).format(new Date(factor.createdAt)) : ''
  const removeLabel = busy ? <Trans>Turning off…</Trans> : <Trans>Turn off two-step verification</Trans>
  const tip = (
    <p className={styles.intro}>
      <Trans>Tip: when you change phones, move the accounts in your authenticator app to the new phone, or turn off two-step verification first.</Trans>
    </p>
  )

  return (
    <FormSection id="two-factor" title={<Trans>Two-step verification</Trans>}>
      <p className={styles.intro}>
        {provider ? (
          <Trans comment="The other name given once is 2FA only: «tofaktorautentisering» is one of the words locales/GLOSSARY.md bans.">
            With two-step verification (also called 2FA), you enter a six-digit code from an authenticator app on your phone each time you sign
            in with {provider}, for example from Microsoft Authenticator, Google Authenticator or 1Password. Someone who gets into your {provider}{' '}
            account still can't get into your Vekstlinje account without your phone.
          </Trans>
        ) : (
          <Trans comment="The other name given once is 2FA only: «tofaktorautentisering» is one of the words locales/GLOSSARY.md bans.">
            With two-step verification (also called 2FA), you also enter a six-digit code from an authenticator app on your phone each time you
            sign in, for example from Microsoft Authenticator, Google Authenticator or 1Password. Someone who learns your password still can't
            get into your account without your phone.
          </Trans>
        )}
      </p>
      {settings.loading ? (
        <p role="status">
          <Trans>Loading the setting…</Trans>
        </p>
      ) : null}
      {settings.unavailable ? (
        <div className={styles.notice} role="alert">
          <p>
            <Trans>We couldn't load your two-step verification setting.</Trans>
          </p>
          <button className={`${button.secondary} ${own.wrap}`} {...settings.retryProps}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : null}
      {settings.offered ? (
        <>
          {tip}
          <p>
            <button className={`${button.primary} ${own.wrap}`} {...settings.enrollProps}>
              {busy ? <Trans>Preparing…</Trans> : <Trans>Turn on two-step verification</Trans>}
            </button>
          </p>
        </>
      ) : null}
      {enrollment ? (
        <CodeForm
          settings={settings}
          action={busy ? <Trans>Checking…</Trans> : <Trans>Confirm and turn on</Trans>}
          cancel={<Trans context="stop turning on two-step verification">Cancel</Trans>}
        >
          <ol className={styles.form}>
            <li>
              <Trans>
                Don't have an authenticator app? Download Microsoft Authenticator or Google Authenticator for free from the App Store or Google Play.
              </Trans>
            </li>
            <li>
              <Trans>Open your authenticator app, choose to add an account (often +), and scan this QR code.</Trans>
              <img className={own.qr} src={enrollment.qrCode} alt={t`QR code for turning on two-step verification`} width={184} height={184} />
            </li>
            <li>
              <Trans>Can't scan it, for example because you're on your phone? Type this key into the app instead:</Trans>{' '}
              <code className={own.secret} data-testid="two-factor-secret">
                {grouped(enrollment.secret)}
              </code>
            </li>
            <li>
              <Trans>Enter the six-digit code the app now shows (it changes every 30 seconds).</Trans>
            </li>
          </ol>
        </CodeForm>
      ) : null}
      {factor ? (
        <>
          <p role="status">
            <Trans>On since {since}, with an authenticator app.</Trans>
          </p>
          {tip}
          {settings.askingForCode ? (
            <CodeForm settings={settings} danger action={removeLabel} cancel={<Trans context="keep two-step verification on">Cancel</Trans>}>
              <p>
                <Trans>Enter a code from the app to turn off two-step verification.</Trans>
              </p>
            </CodeForm>
          ) : (
            <p>
              <button className={`${button.danger} ${own.wrap}`} {...settings.removeProps}>
                {removeLabel}
              </button>
            </p>
          )}
        </>
      ) : null}
      <LostPhone provider={provider} />
    </FormSection>
  )
}
