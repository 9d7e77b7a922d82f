// The auth e-mails, written by the Send Email hook (functions/auth-hooks): the confirmation of a new
// account, the password reset, the change of address (one copy to each address) and the security
// notices. Texts come from locales/{en,nb}/emails.po through auth-mail-texts.ts (`npm run
// mail:texts`), in the language the account was registered in (`lang` in its metadata; anything but
// "en" is Norwegian, the site's default). Nothing a visitor typed goes into them: no name, and an
// address's owner sees only addresses they know. Web standards only (Deno and Node).
import { authMailColors as c, authMailTexts, type MailTextKey } from './auth-mail-texts.ts'

export type MailLang = 'nb' | 'en'
export const mailLang = (metadata: unknown): MailLang => ((metadata as { lang?: unknown } | null)?.lang === 'en' ? 'en' : 'nb')

/** The site's page every auth link opens (machines/email-link.machine.ts EMAIL_LINK_PATH): it spends
 * the link only when the person presses its button, and names the address the link is for. */
export const EMAIL_LINK_PATH = '/auth/confirm'
export const FORGOT_PASSWORD_PATH = '/forgot-password'

const localized = (site: string, lang: MailLang, path: string) => `${site.replace(/\/+$/, '')}${lang === 'en' ? '/en' : ''}${path}`

/** The link of a confirmation, reset or address-change e-mail. */
export function confirmLink(site: string, lang: MailLang, type: 'signup' | 'recovery' | 'email_change', tokenHash: string, email: string): string {
  return `${localized(site, lang, EMAIL_LINK_PATH)}?${new URLSearchParams({ token_hash: tokenHash, type, email })}`
}

export const forgotPasswordLink = (site: string, lang: MailLang) => localized(site, lang, FORGOT_PASSWORD_PATH)

/** An address as a person types it from a mail read on another device: without its scheme. */
const typable = (address: string) => address.replace(/^https?:\/\//, '')

export type AuthMail =
  | { kind: 'confirmation'; lang: MailLang; link: string; code: string }
  /** `forgotPassword`: the "Forgot password?" page, where the code is typed on any device. */
  | { kind: 'recovery'; lang: MailLang; link: string; code: string; forgotPassword: string }
  | { kind: 'email-change'; lang: MailLang; link: string; email: string; newEmail: string; copy: 'current' | 'new' }
  | { kind: 'password-changed' | 'factor-locked'; lang: MailLang; email: string; link: string }
  /** `provider`: for an account without a password, the service it signs in through (its advice
   * then names that service, and no new-password button follows). */
  | { kind: 'factor-enrolled' | 'factor-unenrolled'; lang: MailLang; email: string; link: string; provider?: string }
  | { kind: 'email-changed'; lang: MailLang; email: string; newEmail: string }

/** A block of an e-mail's body: a paragraph, a small print, a code, the one button, or the link
 * written out for mail programs that do not show the button. */
export type MailPart = { tag: 'p' | 'small' | 'code'; text: string } | { tag: 'button'; text: string; href: string } | { tag: 'fallback'; href: string }
type Part = MailPart

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function fillMailText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`emails.po: unknown placeholder ${whole} in "${text}"`)
    return value
  })
}

/** The parts of one e-mail, in order, and its subject and heading. */
function compose(mail: AuthMail): { subject: string; heading: string; parts: Part[]; notice: boolean } {
  const t = (key: MailTextKey, values: Record<string, string> = {}) => fillMailText(authMailTexts[mail.lang][key], values)
  const greeting: Part = { tag: 'p', text: t('layout.greeting-no-name') }
  switch (mail.kind) {
    case 'confirmation':
    case 'recovery': {
      const k = mail.kind
      return {
        subject: t(`${k}.subject`),
        heading: t(`${k}.heading`),
        notice: false,
        parts: [
          greeting,
          { tag: 'p', text: t(`${k}.body`) },
          { tag: 'button', text: t(`${k}.button`), href: mail.link },
          { tag: 'small', text: t('layout.expiry') },
          { tag: 'code', text: mail.kind === 'recovery' ? t('recovery.code', { code: mail.code, page: typable(mail.forgotPassword) }) : t('confirmation.code', { code: mail.code }) },
          { tag: 'fallback', href: mail.link },
          { tag: 'small', text: t(`${k}.ignore`) },
        ],
      }
    }
    case 'email-change': {
      const values = { email: mail.email, newEmail: mail.newEmail }
      const toNew = mail.copy === 'new'
      return {
        subject: t('email-change.subject'),
        heading: t('email-change.heading'),
        // The current address was not typed in: its copy says why it came as a notice does.
        notice: !toNew,
        parts: [
          greeting,
          { tag: 'p', text: toNew ? t('email-change.body-new-address', values) : t('email-change.body', values) },
          { tag: 'button', text: t('email-change.button'), href: mail.link },
          { tag: 'small', text: t('layout.expiry') },
          { tag: 'fallback', href: mail.link },
          { tag: 'small', text: toNew ? t('email-change.ignore-new-address') : t('email-change.ignore') },
        ],
      }
    }
    case 'email-changed':
      return {
        subject: t('email-changed.subject'),
        heading: t('email-changed.heading'),
        notice: true,
        parts: [greeting, { tag: 'p', text: t('email-changed.body', { email: mail.email, newEmail: mail.newEmail }) }, { tag: 'p', text: t('email-changed.advice') }],
      }
    case 'factor-enrolled':
    case 'factor-unenrolled':
      if (mail.provider) {
        const k = mail.kind
        return {
          subject: t(`${k}.subject`),
          heading: t(`${k}.heading`),
          notice: true,
          parts: [greeting, { tag: 'p', text: t(`${k}.body`, { email: mail.email }) }, { tag: 'p', text: t(`${k}.advice-no-password`, { provider: mail.provider }) }],
        }
      }
      return withPasswordAdvice(mail, t)
    default:
      return withPasswordAdvice(mail, t)
  }
}

/** A security notice for an account with a password: what changed, what to do, and the button to
 * the page that e-mails a link to choose a new password. */
function withPasswordAdvice(
  mail: Extract<AuthMail, { kind: 'password-changed' | 'factor-locked' | 'factor-enrolled' | 'factor-unenrolled' }>,
  t: (key: MailTextKey, values?: Record<string, string>) => string,
) {
  const k = mail.kind
  return {
    subject: t(`${k}.subject`),
    heading: t(`${k}.heading`),
    notice: true,
    parts: [
      { tag: 'p', text: t('layout.greeting-no-name') },
      { tag: 'p', text: t(`${k}.body`, { email: mail.email }) },
      { tag: 'p', text: t(`${k}.advice`) },
      { tag: 'button', text: t(`${k}.button`), href: mail.link },
    ] satisfies Part[],
  }
}

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
const P = `margin:0 0 16px;font-size:16px;line-height:1.6;color:${c.text};`
const SMALL = `margin:0 0 12px;font-size:14px;line-height:1.6;color:${c.muted};`

function partHtml(part: Part, lang: MailLang, code: string | undefined): string {
  switch (part.tag) {
    case 'p':
      return `<p style="${P}">${escapeHtml(part.text)}</p>`
    case 'small':
      return `<p style="${SMALL}">${escapeHtml(part.text)}</p>`
    case 'code': {
      // The code stands out, so it can be read off a phone and typed elsewhere.
      const shown = code ? escapeHtml(part.text).replace(code, `<strong style="font-size:20px;letter-spacing:3px;color:${c.text};">${code}</strong>`) : escapeHtml(part.text)
      return `<p style="${SMALL}">${shown}</p>`
    }
    case 'button':
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px;"><tr><td style="background:${c.accent};border-radius:10px;"><a href="${escapeHtml(part.href)}" style="display:inline-block;padding:12px 22px;font-family:${FONT};font-size:16px;font-weight:600;color:${c.onAccent};text-decoration:none;">${escapeHtml(part.text)}</a></td></tr></table>`
    case 'fallback':
      return `<p style="${SMALL}">${escapeHtml(authMailTexts[lang]['layout.link-fallback'])}<br><a href="${escapeHtml(part.href)}" style="color:${c.accent};word-break:break-all;">${escapeHtml(part.href)}</a></p>`
  }
}

function partText(part: Part): string {
  if (part.tag === 'button') return `${part.text}: ${part.href}`
  return part.tag === 'fallback' ? '' : part.text
}

/** Subject, HTML and plain text of one auth e-mail. */
export function renderAuthMail(mail: AuthMail): { subject: string; html: string; text: string } {
  const { subject, heading, parts, notice } = compose(mail)
  const t = authMailTexts[mail.lang]
  const code = mail.kind === 'confirmation' || mail.kind === 'recovery' ? mail.code : undefined
  return renderMail({ lang: mail.lang, subject, heading, parts, why: notice ? t['layout.notice-why'] : t['layout.why'], code })
}

/** Subject, HTML and plain text of one of the product's e-mails, in the auth e-mails' layout: the
 * product's name and tagline, the heading, the parts, and the footer saying why it came. */
export function renderMail({ lang, subject, heading, parts, why, code }: { lang: MailLang; subject: string; heading: string; parts: MailPart[]; why: string; code?: string }): {
  subject: string
  html: string
  text: string
} {
  const t = authMailTexts[lang]
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${c.bg};padding:32px 12px;">
  <tr>
    <td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:${c.surface};border:1px solid ${c.border};border-radius:16px;">
        <tr>
          <td style="padding:28px 32px 0;font-family:${FONT};">
            <table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
              <td width="32" height="32" align="center" style="width:32px;height:32px;background:${c.accent};border-radius:9px;color:${c.onAccent};font-family:${FONT};font-size:18px;font-weight:700;line-height:32px;">V</td>
              <td style="padding-left:10px;font-family:${FONT};font-size:18px;font-weight:700;color:${c.text};">Vekstlinje</td>
            </tr></table>
            <p style="margin:6px 0 0;font-size:13px;color:${c.muted};">${escapeHtml(t['layout.tagline'])}</p>
          </td>
        </tr>
        <tr>
          <td style="padding:24px 32px 8px;font-family:${FONT};">
            <h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:${c.text};">${escapeHtml(heading)}</h1>
            ${parts.map((part) => partHtml(part, lang, code)).join('\n            ')}
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 28px;border-top:1px solid ${c.border};font-family:${FONT};font-size:12px;line-height:1.6;color:${c.muted};">
            ${escapeHtml(why)}<br>Vekstlinje AS · Tollbugata 24, 0157 Oslo
          </td>
        </tr>
      </table>
    </td>
  </tr>
</table>
</body>
</html>
`
  const text = [heading, ...parts.map(partText).filter(Boolean), `${why}\nVekstlinje AS · Tollbugata 24, 0157 Oslo`].join('\n\n')
  return { subject, html, text }
}
