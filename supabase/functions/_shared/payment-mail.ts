// The e-mail of a failed attempt to pay a subscription's invoice (the payment ledger sends one per
// attempt): the card was declined, or the customer's bank wants them to confirm the payment (3-D
// Secure). In the auth e-mails' layout (auth-mail.ts), in the account's language, from the texts of
// locales/{en,nb}/emails.po (through auth-mail-texts.ts, `npm run mail:texts`), with one button: the
// invoice's page at the payment provider, where it is paid (with this card or another) and
// confirmed with the bank. Web standards only (Deno and Node).
import { authMailTexts, type MailTextKey } from './auth-mail-texts.ts'
import { fillMailText, type MailLang, type MailPart, renderMail } from './auth-mail.ts'

export type PaymentMailKind = 'failed' | 'action_required'

export interface PaymentMail {
  kind: PaymentMailKind
  lang: MailLang
  /** The plan's name ("Pro"). */
  planName: string
  /** The amount owed, in the currency's minor unit (øre), and the currency. */
  amount: number
  currency: string
  /** When the provider tries the card again (seconds), or null. */
  nextAttempt: number | null
  /** The invoice's page at the provider. */
  link: string
}

const NO_BREAK = '\u00a0'

/** "2 499 kr" / "3 123,75 kr" (Norwegian) or "2 499 NOK" / "3 123.75 NOK" (English), with no-break
 * spaces, as the site writes prices. */
export function amountText(minor: number, currency: string, lang: MailLang): string {
  const major = minor / 100
  const digits = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: Number.isInteger(major) ? 0 : 2, minimumFractionDigits: Number.isInteger(major) ? 0 : 2 })
    .format(major)
    .replace(/\s/g, NO_BREAK)
    .replace(',', lang === 'nb' ? ',' : '.')
  const unit = currency.toLowerCase() === 'nok' ? (lang === 'nb' ? 'kr' : 'NOK') : currency.toUpperCase()
  return `${digits}${NO_BREAK}${unit}`
}

/** A date as the dashboard writes it: "22. desember 2026", "December 22, 2026" (Oslo time). */
export const dateText = (seconds: number, lang: MailLang) =>
  new Intl.DateTimeFormat(lang === 'nb' ? 'nb-NO' : 'en-US', { dateStyle: 'long', timeZone: 'Europe/Oslo' }).format(new Date(seconds * 1000))

/** Subject, HTML and plain text of one payment e-mail. */
export function renderPaymentMail(mail: PaymentMail): { subject: string; html: string; text: string } {
  const t = (key: MailTextKey, values: Record<string, string> = {}) => fillMailText(authMailTexts[mail.lang][key], values)
  const values = { amount: amountText(mail.amount, mail.currency, mail.lang), plan: mail.planName }
  const k = mail.kind === 'failed' ? 'payment-failed' : 'payment-action'
  const parts: MailPart[] = [{ tag: 'p', text: t('layout.greeting-no-name') }, { tag: 'p', text: t(`${k}.body`, values) }]
  if (mail.kind === 'failed') {
    parts.push({
      tag: 'p',
      text: mail.nextAttempt ? t('payment-failed.next-attempt', { date: dateText(mail.nextAttempt, mail.lang) }) : t('payment-failed.no-retry'),
    })
  }
  parts.push({ tag: 'button', text: t(`${k}.button`), href: mail.link }, { tag: 'small', text: t('payment.link-note') }, { tag: 'fallback', href: mail.link })
  return renderMail({ lang: mail.lang, subject: t(`${k}.subject`), heading: t(`${k}.heading`), parts, why: t('layout.billing-why') })
}
