// The auth e-mails as hosted Supabase sends them: supabase/config.toml names, per kind, a subject
// and a template file ([auth.email.template.<kind>]), both Go templates that GoTrue renders with
// the same data as here (SiteURL, ConfirmationURL, Email, NewEmail, SendingTo, Token, TokenHash,
// Data = the user's metadata, RedirectTo). The local stack renders those very files with go-template.ts, so
// what its mailbox shows is what production sends.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { CONFIG_TOML } from './functions.ts'
import { renderTemplate } from './go-template.ts'

export type AuthMailKind = 'confirmation' | 'recovery' | 'email_change'
export const AUTH_MAIL_KINDS: readonly AuthMailKind[] = ['confirmation', 'recovery', 'email_change']

/** The repository's root: the CLI reads template paths relative to it. */
const ROOT = resolve(CONFIG_TOML, '../..')

export type AuthMailTemplate = { subject: string; contentPath: string }

function unquote(value: string): string {
  const trimmed = value.trim()
  if (trimmed.startsWith('"')) return JSON.parse(trimmed.replace(/\s+#.*$/, '')) as string
  if (trimmed.startsWith("'")) return trimmed.slice(1, trimmed.lastIndexOf("'"))
  return trimmed.replace(/\s+#.*$/, '')
}

/** `[auth.email.template.<kind>]` sections of config.toml (a TOML parser in the tests agrees). */
export function authMailTemplates(toml = readFileSync(CONFIG_TOML, 'utf8')): Map<string, AuthMailTemplate> {
  const found = new Map<string, Partial<AuthMailTemplate>>()
  let section: string | null = null
  for (const line of toml.split('\n')) {
    const header = /^\s*\[auth\.email\.template\.([\w-]+)\]\s*(#.*)?$/.exec(line)
    if (header) {
      section = header[1]!
      found.set(section, {})
      continue
    }
    if (/^\s*\[/.test(line)) section = null
    const entry = section && /^\s*(subject|content_path)\s*=\s*(.+)$/.exec(line)
    if (entry) {
      const key = entry[1] === 'subject' ? 'subject' : 'contentPath'
      found.get(section!)![key] = unquote(entry[2]!)
    }
  }
  const out = new Map<string, AuthMailTemplate>()
  for (const [kind, t] of found) out.set(kind, { subject: t.subject ?? '', contentPath: t.contentPath ?? '' })
  return out
}

export type AuthMailData = {
  SiteURL: string
  ConfirmationURL: string
  Email: string
  NewEmail?: string
  /** The address this copy goes to (an e-mail change writes to the new and the current address). */
  SendingTo?: string
  Token?: string
  TokenHash?: string
  RedirectTo?: string
  /** The user's metadata (raw_user_meta_data), as GoTrue passes it. */
  Data: Record<string, unknown>
}

/** A readable plain-text version of the HTML body (the mailbox shows both; links stay visible). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim()
      return text && text !== href ? `${text}: ${href}` : href
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h1|h2|h3|div|tr|table)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Subject, HTML and text of one auth e-mail, rendered from config.toml's template files. */
export function renderAuthMail(kind: AuthMailKind, data: AuthMailData, templates = authMailTemplates()) {
  const template = templates.get(kind)
  if (!template?.contentPath) throw new Error(`supabase/config.toml has no [auth.email.template.${kind}] content_path`)
  const body = readFileSync(resolve(ROOT, template.contentPath), 'utf8')
  const values = { Token: '', TokenHash: '', RedirectTo: '', NewEmail: '', SendingTo: '', ...data }
  const html = renderTemplate(body, values)
  const subject = renderTemplate(template.subject, values).replace(/\s+/g, ' ').trim()
  return { subject, html, text: htmlToText(html) }
}
