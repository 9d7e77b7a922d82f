import type { ButtonHTMLAttributes, ReactElement } from 'react'
import type { SignInProvider } from '../../../machines/oauth'
import { button } from '../../components/ui.css'
import * as styles from '../../components/form/form.css'

/** Google's "G" mark, drawn inline (no third-party request). */
function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  )
}

/** LinkedIn's "in" mark as its brand asks for it on a light button: the white letters on a rounded
 * square in LinkedIn Blue (#0A66C2), unaltered, at 18 px beside the button's text, drawn inline. */
function LinkedInMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="3" fill="#0A66C2" />
      <circle cx="6.6" cy="6.3" r="1.9" fill="#fff" />
      <rect x="5" y="9.3" width="3.2" height="10" fill="#fff" />
      <path fill="#fff" d="M10.4 9.3h3.1v1.4c.5-.9 1.7-1.7 3.4-1.7 3.3 0 3.9 2.1 3.9 4.9v5.4h-3.2v-4.8c0-1.2 0-2.6-1.6-2.6s-1.9 1.2-1.9 2.5v4.9h-3.2z" />
    </svg>
  )
}

const marks = { google: GoogleMark, linkedin_oidc: LinkedInMark } satisfies Record<SignInProvider, () => ReactElement>

/** A provider's button ("Continue with …"): its props come from the form's connect (it waits as
 * the form's button does). */
export function ProviderButton({ provider, label, ...props }: { provider: SignInProvider; label: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const Mark = marks[provider]
  return (
    <button className={`${button.secondary} ${styles.providerButton}`} data-provider={provider} {...props}>
      <Mark />
      {label}
    </button>
  )
}
