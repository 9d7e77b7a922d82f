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

/** Two-factor sign-in on the account page: set up an authenticator app, see it, remove it. */
export function TwoFactorSection() {
  const { t } = useLingui()
  const lang = useLang()
  useToaster()
  const [snapshot, send] = useAppMachine(twoFactorSettingsLogic)
  const settings = connectTwoFactorSettings(snapshot, send)
  const { busy, enrollment, factor } = settings
  const since = factor ? new Intl.DateTimeFormat(dateLocale[lang], { dateStyle: 'long' }).format(new Date(factor.createdAt)) : ''
  const removeLabel = busy ? <Trans>Removing…</Trans> : <Trans>Remove the authenticator app</Trans>

  return (
    <FormSection id="two-factor" title={<Trans>Two-factor sign-in</Trans>}>
      <p className={styles.intro}>
        <Trans>
          With two-factor sign-in, signing in also asks for a six-digit code from an authenticator app on your phone, such as Google
          Authenticator, Microsoft Authenticator or 1Password. Someone who learns your password still cannot sign in.
        </Trans>
      </p>
      {settings.loading ? (
        <p role="status">
          <Trans>Checking two-factor sign-in…</Trans>
        </p>
      ) : null}
      {settings.unavailable ? (
        <div className={styles.notice} role="alert">
          <p>
            <Trans>Two-factor sign-in could not be read just now.</Trans>
          </p>
          <button className={`${button.secondary} ${own.wrap}`} {...settings.retryProps}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : null}
      {settings.offered ? (
        <p>
          <button className={`${button.primary} ${own.wrap}`} {...settings.enrollProps}>
            {busy ? <Trans>Preparing…</Trans> : <Trans>Set up an authenticator app</Trans>}
          </button>
        </p>
      ) : null}
      {enrollment ? (
        <CodeForm
          settings={settings}
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
        </CodeForm>
      ) : null}
      {factor ? (
        <>
          <p role="status">
            <Trans>On: an authenticator app, set up {since}.</Trans>
          </p>
          {settings.askingForCode ? (
            <CodeForm settings={settings} danger action={removeLabel} cancel={<Trans context="keep two-factor sign-in">Cancel</Trans>}>
              <p>
                <Trans>To remove it, enter a code from the app first.</Trans>
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
      <LostPhone />
    </FormSection>
  )
}
