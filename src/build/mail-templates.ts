// npm run mail:templates — builds the auth e-mail templates (supabase/templates/*.html) from their
// texts in locales/{en,nb}/emails.po, and writes their subjects into supabase/config.toml.
//
// Each file is a Go template, as hosted Supabase's auth server (GoTrue) reads it: one body per
// language, chosen by the language the account was registered in (`.Data.lang`, the user's
// metadata; anything but "en" gets Norwegian, the site's default). The local stack renders the
// same files (supabase/local/mail-templates.ts). `npm test` fails when a file here is stale against
// the catalogs or this layout (tests/backend/mail-templates.test.ts).
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatter } from '@lingui/format-po'
import { EMAIL_LINK_PATH, type EmailLinkType } from '../../machines/email-link.machine'
import { localizePath } from '../i18n/lang'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const CONFIG_TOML = path.join(rootDir, 'supabase/config.toml')
export const emailsPo = (lang: MailLang) => path.join(rootDir, 'locales', lang, 'emails.po')

export type MailLang = 'nb' | 'en'
export type MailKind = 'confirmation' | 'recovery' | 'email_change'
export const MAIL_KINDS: readonly MailKind[] = ['confirmation', 'recovery', 'email_change']
const PO_PREFIX: Record<MailKind, string> = { confirmation: 'confirmation', recovery: 'recovery', email_change: 'email-change' }
/** The type each e-mail's link carries to the site's confirmation page. */
const LINK_TYPE: Record<MailKind, EmailLinkType> = { confirmation: 'signup', recovery: 'recovery', email_change: 'email_change' }
/** The e-mails that carry the 6-digit code besides the link, each with its own text saying where
 * the site takes it: the sign-in page once it finds the address unconfirmed, and the "Forgot
 * password?" page once it has sent the e-mail (src/features/auth/email-code/). */
export const WITH_CODE: ReadonlySet<MailKind> = new Set(['confirmation', 'recovery'])

/** The keys (msgctxt) every emails.po must translate. */
export const MAIL_TEXT_KEYS = [
  'layout.tagline',
  'layout.greeting-no-name',
  'layout.link-fallback',
  'layout.expiry',
  'layout.why',
  ...MAIL_KINDS.flatMap((kind) => ['subject', 'heading', 'body', 'button', 'ignore'].map((part) => `${PO_PREFIX[kind]}.${part}`)),
  ...[...WITH_CODE].map((kind) => `${PO_PREFIX[kind]}.code`),
  'email-change.body-new-address',
] as const

/** The texts of one language, by msgctxt. */
export async function readMailTexts(lang: MailLang): Promise<Map<string, string>> {
  const file = emailsPo(lang)
  const parsed = (await formatter().parse(readFileSync(file, 'utf8'), { locale: lang, sourceLocale: 'en', filename: file } as never)) as Record<
    string,
    { context?: string; translation?: string }
  >
  const texts = new Map<string, string>()
  for (const entry of Object.values(parsed)) if (entry.context) texts.set(entry.context, entry.translation ?? '')
  return texts
}

// The site's design tokens (src/styles/theme.css.ts), read from the source so the e-mails follow it.
function themeColors() {
  const source = readFileSync(path.join(rootDir, 'src/styles/theme.css.ts'), 'utf8')
  const color = (name: string) => {
    const found = new RegExp(`\\b${name}: '(#[0-9a-fA-F]{6})'`).exec(source)?.[1]
    if (!found) throw new Error(`src/styles/theme.css.ts has no color ${name}`)
    return found
  }
  return {
    bg: color('surfaceMuted'),
    surface: color('surface'),
    text: color('text'),
    muted: color('textMuted'),
    border: color('border'),
    accent: color('accent'),
    onAccent: color('onAccent'),
  }
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A catalog text as HTML, its placeholders replaced by template actions. */
function fill(text: string, actions: Record<string, string> = {}): string {
  return escapeText(text).replace(/\{(\w+)\}/g, (whole, name: string) => {
    const action = actions[name]
    if (!action) throw new Error(`emails.po: unknown placeholder ${whole} in "${text}"`)
    return action
  })
}

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

/** The link: a page of the site in the e-mail's language, which verifies only when the person
 * presses its button (mail scanners open every link; GoTrue's own link, `.ConfirmationURL`, would
 * be spent by them). The hash and the type are all the page needs. */
export function confirmLink(kind: MailKind, lang: MailLang): string {
  return `{{ .SiteURL }}${localizePath(EMAIL_LINK_PATH, lang)}?token_hash={{ .TokenHash }}&amp;type=${LINK_TYPE[kind]}`
}

function body(kind: MailKind, lang: MailLang, t: (key: string) => string): string {
  const c = themeColors()
  const k = PO_PREFIX[kind]
  const p = `margin:0 0 16px;font-size:16px;line-height:1.6;color:${c.text};`
  const small = `margin:0 0 12px;font-size:14px;line-height:1.6;color:${c.muted};`
  // Nothing a visitor typed goes into these e-mails: no name, and an address's owner sees only
  // addresses they know (a change of address writes to the new one without naming the old).
  const actions = { email: '{{ .Email }}', newEmail: '{{ .NewEmail }}', code: '{{ .Token }}' }
  const link = confirmLink(kind, lang)
  const text =
    kind === 'email_change'
      ? `{{ if eq .SendingTo .NewEmail }}${fill(t('email-change.body-new-address'), actions)}{{ else }}${fill(t(`${k}.body`), actions)}{{ end }}`
      : fill(t(`${k}.body`), actions)
  const code = WITH_CODE.has(kind)
    ? `
            <p style="${small}">${fill(t(`${k}.code`), { code: `<strong style="font-size:20px;letter-spacing:4px;color:${c.text};">{{ .Token }}</strong>` })}</p>`
    : ''
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${c.bg};padding:32px 12px;">
  <tr>
    <td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:${c.surface};border:1px solid ${c.border};border-radius:16px;">
        <tr>
          <td style="padding:28px 32px 0;font-family:${FONT};">
            <table role="presentation" cellpadding="0" cellspacing="0" border="0">
              <tr>
                <td width="32" height="32" align="center" style="width:32px;height:32px;background:${c.accent};border-radius:9px;color:${c.onAccent};font-family:${FONT};font-size:18px;font-weight:700;line-height:32px;">V</td>
                <td style="padding-left:10px;font-family:${FONT};font-size:18px;font-weight:700;color:${c.text};">Vekstlinje</td>
              </tr>
            </table>
            <p style="margin:6px 0 0;font-size:13px;color:${c.muted};">${fill(t('layout.tagline'))}</p>
          </td>
        </tr>
        <tr>
          <td style="padding:24px 32px 8px;font-family:${FONT};">
            <h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:${c.text};">${fill(t(`${k}.heading`))}</h1>
            <p style="${p}">${fill(t('layout.greeting-no-name'))}</p>
            <p style="${p}">${text}</p>
            <table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px;">
              <tr>
                <td style="background:${c.accent};border-radius:10px;">
                  <a href="${link}" style="display:inline-block;padding:12px 22px;font-family:${FONT};font-size:16px;font-weight:600;color:${c.onAccent};text-decoration:none;">${fill(t(`${k}.button`))}</a>
                </td>
              </tr>
            </table>
            <p style="${small}">${fill(t('layout.expiry'))}</p>${code}
            <p style="${small}">${fill(t('layout.link-fallback'))}<br><a href="${link}" style="color:${c.accent};word-break:break-all;">${link}</a></p>
            <p style="${small}">${fill(t(`${k}.ignore`))}</p>
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 28px;border-top:1px solid ${c.border};font-family:${FONT};font-size:12px;line-height:1.6;color:${c.muted};">
            ${fill(t('layout.why'))}<br>Vekstlinje AS · Tollbugata 24, 0157 Oslo
          </td>
        </tr>
      </table>
    </td>
  </tr>
</table>`
}

const IS_EN = 'eq .Data.lang "en"'

/** The Go template of one kind: both languages, chosen by `.Data.lang`. */
export function templateFile(kind: MailKind, texts: Record<MailLang, Map<string, string>>): string {
  const lookup = (lang: MailLang) => (key: string) => {
    const text = texts[lang].get(key)
    if (!text?.trim()) throw new Error(`locales/${lang}/emails.po has no text for ${key}`)
    return text
  }
  const subject = subjectTemplate(kind, texts)
  return `<!doctype html>
{{- /* Generated by \`npm run mail:templates\` from locales/{en,nb}/emails.po and src/build/mail-templates.ts: edit those, not this file. */ -}}
<html lang="{{ if ${IS_EN} }}en{{ else }}nb{{ end }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${subject}</title>
</head>
<body style="margin:0;padding:0;">
{{ if ${IS_EN} -}}
${body(kind, 'en', lookup('en'))}
{{- else -}}
${body(kind, 'nb', lookup('nb'))}
{{- end }}
</body>
</html>
`
}

/** The subject as a Go template (GoTrue renders subjects as templates too): static text per language. */
export function subjectTemplate(kind: MailKind, texts: Record<MailLang, Map<string, string>>): string {
  const subject = (lang: MailLang) => {
    const text = texts[lang].get(`${PO_PREFIX[kind]}.subject`)?.trim()
    if (!text) throw new Error(`locales/${lang}/emails.po has no subject for ${kind}`)
    if (/["&<>{}\\]/.test(text)) throw new Error(`emails.po: a subject must be plain text (no " & < > { } \\): ${text}`)
    return text
  }
  return `{{ if ${IS_EN} }}${subject('en')}{{ else }}${subject('nb')}{{ end }}`
}

/** config.toml with each [auth.email.template.<kind>] subject set to `subjects[kind]`. */
export function withSubjects(toml: string, subjects: Record<MailKind, string>): string {
  let out = toml
  for (const kind of MAIL_KINDS) {
    const section = new RegExp(`(\\[auth\\.email\\.template\\.${kind}\\]\\n(?:[^\\[\\n][^\\n]*\\n|\\n)*?)subject = .*\\n`)
    if (!section.test(out)) throw new Error(`supabase/config.toml: [auth.email.template.${kind}] needs a subject line`)
    out = out.replace(section, (_, head: string) => `${head}subject = ${JSON.stringify(subjects[kind])}\n`)
  }
  return out
}

/** Everything the generator writes: the template files (by kind) and config.toml. */
export async function generateMailTemplates() {
  const texts = { en: await readMailTexts('en'), nb: await readMailTexts('nb') }
  const files = Object.fromEntries(MAIL_KINDS.map((kind) => [kind, templateFile(kind, texts)])) as Record<MailKind, string>
  const subjects = Object.fromEntries(MAIL_KINDS.map((kind) => [kind, subjectTemplate(kind, texts)])) as Record<MailKind, string>
  const config = withSubjects(readFileSync(CONFIG_TOML, 'utf8'), subjects)
  return { files, subjects, config }
}

export const templatePath = (kind: MailKind) => path.join(rootDir, 'supabase/templates', `${kind}.html`)

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { files, config } = await generateMailTemplates()
  for (const kind of MAIL_KINDS) writeFileSync(templatePath(kind), files[kind])
  writeFileSync(CONFIG_TOML, config)
  console.log(`Wrote supabase/templates/{${MAIL_KINDS.join(',')}}.html and the subjects in supabase/config.toml.`)
}
