// The auth e-mails: config.toml sends them through the one provider's SMTP relay and names the
// product's own templates; the templates are up to date with their texts (locales/*/emails.po);
// the local stack renders the same files with a Go-template subset and sends the account's language.
import { existsSync, readFileSync } from 'node:fs'
import { parse } from 'smol-toml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CONFIG_TOML,
  generateMailTemplates,
  MAIL_KINDS,
  MAIL_TEXT_KEYS,
  readMailTexts,
  templatePath,
  WITH_CODE,
} from '../../src/build/mail-templates.ts'
import { parseTemplate, renderTemplate, TemplateError } from '../../supabase/local/go-template.ts'
import { authMailTemplates, renderAuthMail } from '../../supabase/local/mail-templates.ts'
import { client, type LocalStack, mails, startTestStack, uniqueEmail } from './helpers.ts'

const toml = readFileSync(CONFIG_TOML, 'utf8')
const config = parse(toml) as {
  auth: { email: { smtp: Record<string, unknown>; template: Record<string, { subject: string; content_path: string }>; otp_expiry: number } }
}
const WHOLE_ENV = /^env\([A-Z_][A-Z0-9_]*\)$/

describe('config.toml: auth e-mail through the provider, with the product templates', () => {
  it('sends auth e-mail through Brevo SMTP; the login and key are whole env() values', () => {
    const smtp = config.auth.email.smtp
    expect(smtp).toMatchObject({ enabled: true, host: 'smtp-relay.brevo.com', port: 587, admin_email: 'noreply@vekstlinje.no', sender_name: 'Vekstlinje' })
    expect(smtp.user).toMatch(WHOLE_ENV)
    expect(smtp.pass).toMatch(WHOLE_ENV)
  })

  it('names a template for confirmation, recovery and e-mail change, each file present, each with a subject', () => {
    const templates = config.auth.email.template
    expect(Object.keys(templates).sort()).toEqual([...MAIL_KINDS].sort())
    for (const kind of MAIL_KINDS) {
      expect(templates[kind]!.content_path).toBe(`./supabase/templates/${kind}.html`)
      expect(existsSync(templatePath(kind))).toBe(true)
      expect(templates[kind]!.subject).toContain('Vekstlinje')
    }
  })

  it("the local stack's reader of config.toml agrees with a TOML parser", () => {
    const local = authMailTemplates(toml)
    for (const kind of MAIL_KINDS) {
      expect(local.get(kind)).toEqual({ subject: config.auth.email.template[kind]!.subject, contentPath: config.auth.email.template[kind]!.content_path })
    }
  })

  it('keeps links alive for the hour the e-mails promise', () => {
    expect(config.auth.email.otp_expiry).toBe(3600)
  })
})

describe('the templates and their texts', () => {
  it('are up to date with locales/*/emails.po (run `npm run mail:templates`)', async () => {
    const { files, config: generatedConfig } = await generateMailTemplates()
    for (const kind of MAIL_KINDS) expect(readFileSync(templatePath(kind), 'utf8'), kind).toBe(files[kind])
    expect(toml).toBe(generatedConfig)
  })

  it('translate every text into Norwegian, not left as the English', async () => {
    const [en, nb] = await Promise.all([readMailTexts('en'), readMailTexts('nb')])
    for (const key of MAIL_TEXT_KEYS) {
      expect(en.get(key)?.trim(), `en ${key}`).toBeTruthy()
      expect(nb.get(key)?.trim(), `nb ${key}`).toBeTruthy()
      expect(nb.get(key), `nb ${key} is still English`).not.toBe(en.get(key))
    }
  })

  it('use only the Go-template subset the local stack renders', () => {
    for (const kind of MAIL_KINDS) {
      expect(() => parseTemplate(readFileSync(templatePath(kind), 'utf8'))).not.toThrow()
      expect(() => parseTemplate(config.auth.email.template[kind]!.subject)).not.toThrow()
    }
  })
})

const VERIFY = 'https://ref.supabase.co/auth/v1/verify?token=3f2a&type=signup&redirect_to=https%3A%2F%2Fvekstlinje.no%2Fen%2Fapp'
const HASH = 'a'.repeat(56)
const data = (Data: Record<string, unknown>, more: Record<string, string> = {}) => ({
  SiteURL: 'https://vekstlinje.no',
  ConfirmationURL: VERIFY,
  Email: 'kari@example.no',
  NewEmail: 'kari@fjord.no',
  Token: '042917',
  TokenHash: HASH,
  Data,
  ...more,
})

describe('rendered as the auth server renders them', () => {
  it('English for an account registered in English: the product name, a link to the site’s page, and the code with where to enter it', () => {
    const mail = renderAuthMail('confirmation', data({ lang: 'en', full_name: 'Kari Nordmann' }))
    const link = `https://vekstlinje.no/en/auth/confirm?token_hash=${HASH}&type=signup`
    expect(mail.subject).toBe('Confirm your e-mail address for Vekstlinje')
    expect(mail.html).toContain('<html lang="en">')
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`)
    expect(mail.text).toContain(`Confirm e-mail address: ${link}`)
    // The sign-in page takes it once it finds the address unconfirmed (src/features/auth/email-code/).
    expect(mail.text).toContain('Sign in on the Vekstlinje website with your e-mail address and password, and enter this code where it asks you to confirm the address: 042917')
    expect(mail.text).not.toMatch(/Bekreft|Hei/)
  })

  it('Norwegian for an account registered in Norwegian, and for one with no language (Google)', () => {
    for (const Data of [{ lang: 'nb', full_name: 'Kari Nordmann' }, {}]) {
      const mail = renderAuthMail('recovery', data(Data))
      expect(mail.subject).toBe('Tilbakestill passordet ditt hos Vekstlinje')
      expect(mail.html).toContain('<html lang="nb">')
      expect(mail.text).toContain('Velg nytt passord')
      expect(mail.text).toContain(`https://vekstlinje.no/auth/confirm?token_hash=${HASH}&type=recovery`)
      // The "Forgot password?" page takes it once it has sent the e-mail.
      expect(mail.text).toContain('Skriv inn denne koden på siden hos Vekstlinje der du ba om nytt passord: 042917')
      expect(mail.text).not.toMatch(/\bpassword\b/i)
    }
    expect(renderAuthMail('recovery', data({})).text).toContain('Hei,')
  })

  it('no e-mail carries the auth server’s own link, which a mail scanner would spend by opening it', () => {
    for (const kind of MAIL_KINDS) {
      for (const lang of ['en', 'nb']) {
        const mail = renderAuthMail(kind, data({ lang }))
        expect(mail.html).not.toContain('/auth/v1/')
        expect(readFileSync(templatePath(kind), 'utf8')).not.toContain('.ConfirmationURL')
        expect(mail.html).toContain(`type=${kind === 'confirmation' ? 'signup' : kind}`)
      }
    }
  })

  it('a name, however it reads, never reaches an e-mail: greeted by nothing', () => {
    const names = ['Your invoice is overdue, pay at https://pay.example.com/now', 'Kari Nordmann', 'www.evil.example', '<b>x</b>']
    for (const kind of MAIL_KINDS) {
      for (const full_name of names) {
        const mail = renderAuthMail(kind, data({ lang: 'en', full_name }))
        expect(mail.html).not.toContain(full_name)
        expect(mail.text).not.toContain(full_name)
        expect(mail.text).not.toMatch(/overdue|pay\.example|evil\.example|Nordmann/)
      }
    }
    expect(renderAuthMail('confirmation', data({ lang: 'en', full_name: 'Kari' })).text).toContain('Hi,')
  })

  it('the code only in the e-mails a page of the site takes it for (confirmation and reset, not yet the change of address)', () => {
    for (const kind of MAIL_KINDS) {
      for (const lang of ['en', 'nb']) {
        const mail = renderAuthMail(kind, data({ lang }, { SendingTo: 'kari@example.no' }))
        expect(mail.text.includes('042917'), `${kind} ${lang}`).toBe(WITH_CODE.has(kind))
      }
    }
  })

  it('the e-mail change: the new address is told only of itself; the current one of both', () => {
    const toNew = renderAuthMail('email_change', data({ lang: 'en' }, { SendingTo: 'kari@fjord.no' }))
    expect(toNew.subject).toBe('Confirm your new e-mail address for Vekstlinje')
    expect(toNew.text).toContain('You asked to use kari@fjord.no as the e-mail address')
    expect(toNew.text).not.toContain('kari@example.no')
    const toCurrent = renderAuthMail('email_change', data({ lang: 'en' }, { SendingTo: 'kari@example.no' }))
    expect(toCurrent.text).toContain('from kari@example.no to kari@fjord.no')
    expect(toCurrent.text).toContain(`https://vekstlinje.no/en/auth/confirm?token_hash=${HASH}&type=email_change`)
  })
})

describe('the Go-template subset', () => {
  const render = (source: string, values: Record<string, unknown> = {}) => renderTemplate(source, values)

  it('prints fields, missing ones as nothing', () => {
    expect(render('{{ .A }}-{{ .Data.b }}-{{ .Data.missing }}', { A: 'x', Data: { b: 'y' } })).toBe('x-y-')
  })

  it('branches with eq, else if, else; a missing value equals nothing', () => {
    const source = '{{ if eq .Data.lang "en" }}EN{{ else if eq .Data.lang "sv" }}SV{{ else }}NB{{ end }}'
    expect(render(source, { Data: { lang: 'en' } })).toBe('EN')
    expect(render(source, { Data: { lang: 'sv' } })).toBe('SV')
    expect(render(source, { Data: {} })).toBe('NB')
    expect(render(source, { Data: null })).toBe('NB')
  })

  it('treats empty strings, maps and missing values as false, like Go', () => {
    const source = '{{ if .X }}yes{{ else }}no{{ end }}'
    expect(['', 0, false, null, undefined, {}, []].map((X) => render(source, { X }))).toEqual(Array(7).fill('no'))
    expect(render(source, { X: 'a' })).toBe('yes')
    expect(render('{{ if not .X }}n{{ end }}{{ if and .A .B }}ab{{ end }}{{ if or .X .B }}b{{ end }}', { A: 1, B: 2 })).toBe('nabb')
  })

  it('trims around {{- and -}}, and drops comments', () => {
    expect(render('a  {{- /* note */ -}}  b {{- " c " -}} \n d')).toBe('ab c d')
  })

  it('refuses what it does not render like Go', () => {
    for (const source of ['{{ range .X }}{{ end }}', '{{ with .X }}{{ end }}', '{{ .X | printf "%s" }}', '{{ if .X }}', '{{ end }}', '{{ template "a" }}', '{{ len .X }}']) {
      expect(() => parseTemplate(source), source).toThrow(TemplateError)
    }
    expect(() => render('{{ if eq .N "1" }}{{ end }}', { N: 1 })).toThrow(TemplateError)
  })
})

describe('through the local stack: the account language picks the e-mail language', () => {
  let stack: LocalStack
  beforeAll(async () => {
    stack = await startTestStack()
  })
  afterAll(() => stack.stop())

  for (const [lang, confirm, reset] of [
    ['en', 'Confirm your e-mail address for Vekstlinje', 'Reset your Vekstlinje password'],
    ['nb', 'Bekreft e-postadressen din hos Vekstlinje', 'Tilbakestill passordet ditt hos Vekstlinje'],
  ] as const) {
    it(`${lang}: the confirmation and the password reset`, async () => {
      const sb = client(stack)
      const email = uniqueEmail(`lang-${lang}`)
      const signUp = await sb.auth.signUp({ email, password: 'fjord-Lys-2025', options: { data: { full_name: 'Siri Dahl', lang } } })
      expect(signUp.error).toBeNull()
      const [confirmation] = await mails(stack, email)
      expect(confirmation!.subject).toBe(confirm)
      expect(confirmation!.text).toContain(lang === 'en' ? 'Hi,' : 'Hei,')
      expect(confirmation!.links).toHaveLength(1)
      expect(confirmation!.links[0]).toContain(`${lang === 'en' ? '/en' : ''}/auth/confirm?token_hash=`)

      await stack.db.query(`update auth.users set email_confirmed_at = now() where email = $1`, [email])
      expect((await sb.auth.resetPasswordForEmail(email)).error).toBeNull()
      const [recovery] = await mails(stack, email)
      expect(recovery!.subject).toBe(reset)
      expect(recovery!.links[0]).toContain('type=recovery')
    })
  }

  it('a sign-up whose name is a sentence with an address sends an e-mail without it', async () => {
    for (const full_name of ['Your invoice is overdue, pay at https://pay.example.com/now', 'Call +47 22 33 44 55 today']) {
      const email = uniqueEmail('named')
      expect((await client(stack).auth.signUp({ email, password: 'fjord-Lys-2025', options: { data: { full_name, lang: 'en' } } })).error).toBeNull()
      const [confirmation] = await mails(stack, email)
      expect(confirmation!.text).not.toContain(full_name)
      expect(confirmation!.html).not.toContain(full_name)
      expect(confirmation!.links.every((link) => !link.includes('pay.example.com'))).toBe(true)
    }
  })
})
