// The auth e-mails: config.toml hands every one to the project's Send Email hook (functions/auth-hooks),
// which writes them from locales/*/emails.po (through the generated auth-mail-texts.ts) in the
// account's language; the local stack calls the same function.
import { readFileSync } from 'node:fs'
import { parse } from 'smol-toml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_LINK_PATH as SITE_EMAIL_LINK_PATH } from '../../machines/email-link.machine.ts'
import { MAIL_TEXTS_MODULE, mailTextsModule, readMailTexts } from '../../src/build/mail-texts.ts'
import { type AuthMail, confirmLink, EMAIL_LINK_PATH, renderAuthMail } from '../../supabase/functions/_shared/auth-mail.ts'
import { passwordlessProvider } from '../../supabase/functions/_shared/sign-in-method.ts'
import { CONFIG_TOML } from '../../supabase/local/config.ts'
import { client, codeOf, type LocalStack, mails, startTestStack, uniqueEmail } from './helpers.ts'

const config = parse(readFileSync(CONFIG_TOML, 'utf8')) as {
  auth: {
    email: { smtp: Record<string, unknown>; otp_expiry: number; otp_length: number; notification: Record<string, { enabled: boolean }> }
    hook: Record<string, { enabled: boolean; uri: string; secrets: string }>
    rate_limit: { email_sent: number }
  }
  functions: Record<string, { verify_jwt?: boolean }>
}
const WHOLE_ENV = /^env\([A-Z_][A-Z0-9_]*\)$/
const HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c'
const SITE = 'https://vekstlinje.no'

describe('config.toml: every auth e-mail through the project’s hook', () => {
  it('turns on the Send Email and MFA verification hooks, their address and secret whole env() values', () => {
    for (const name of ['send_email', 'mfa_verification_attempt']) {
      const hook = config.auth.hook[name]!
      expect(hook.enabled).toBe(true)
      expect(hook.uri).toMatch(WHOLE_ENV)
      expect(hook.secrets).toMatch(WHOLE_ENV)
    }
    expect(config.functions['auth-hooks']?.verify_jwt).toBe(false)
  })

  it('keeps the SMTP relay, whose presence makes the project’s hourly e-mail limit apply', () => {
    expect(config.auth.email.smtp).toMatchObject({ enabled: true, host: 'smtp-relay.brevo.com' })
    expect(config.auth.email.smtp.user).toMatch(WHOLE_ENV)
    expect(config.auth.email.smtp.pass).toMatch(WHOLE_ENV)
    expect(config.auth.rate_limit.email_sent).toBeGreaterThan(30)
  })

  it('links live the hour the e-mails promise; the auth service’s own code, never mailed, is as long as it allows', () => {
    expect(config.auth.email.otp_expiry).toBe(3600)
    expect(config.auth.email.otp_length).toBe(10)
  })

  it('turns on the security notices for the password, the address and two-step verification', () => {
    expect(Object.entries(config.auth.email.notification).filter(([, n]) => n.enabled).map(([name]) => name).sort()).toEqual([
      'email_changed',
      'mfa_factor_enrolled',
      'mfa_factor_unenrolled',
      'password_changed',
    ])
  })
})

describe('the texts', () => {
  it('are up to date with locales/*/emails.po (run `npm run mail:texts`)', async () => {
    expect(readFileSync(MAIL_TEXTS_MODULE, 'utf8')).toBe(await mailTextsModule())
  })

  it('are translated into Norwegian, not left as the English', async () => {
    const [en, nb] = [await readMailTexts('en'), await readMailTexts('nb')]
    expect([...nb.keys()].sort()).toEqual([...en.keys()].sort())
    for (const [key, text] of nb) if (key !== 'layout.greeting-no-name') expect(text, key).not.toBe(en.get(key))
  })

  it('link to the very page the site serves for e-mailed links', () => {
    expect(EMAIL_LINK_PATH).toBe(SITE_EMAIL_LINK_PATH)
  })
})

const confirmation = (lang: 'en' | 'nb'): AuthMail => ({ kind: 'confirmation', lang, code: '04291736', link: confirmLink(SITE, lang, 'signup', HASH, 'kari@example.no') })

describe('written in the account’s language', () => {
  it('English: the product name, the link to the site’s page naming the address, and the 8-digit code with where to enter it', () => {
    const mail = renderAuthMail(confirmation('en'))
    const link = `${SITE}/en/auth/confirm?token_hash=${HASH}&type=signup&email=kari%40example.no`
    expect(mail.subject).toBe('Confirm your e-mail address for Vekstlinje')
    expect(mail.html).toContain('<html lang="en">')
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`)
    expect(mail.text).toContain(`Confirm e-mail address: ${link}`)
    expect(mail.text).toContain('enter this one-time code where it asks you to confirm the address: 04291736 It works for 15 minutes.')
    expect(mail.text).not.toMatch(/Bekreft|Hei/)
  })

  it('Norwegian: the reset e-mail, at the Norwegian page; its code typed there or on any device at "Forgot password?"', () => {
    const mail = renderAuthMail({
      kind: 'recovery',
      lang: 'nb',
      code: '04291736',
      link: confirmLink(SITE, 'nb', 'recovery', HASH, 'kari@example.no'),
      forgotPassword: `${SITE}/forgot-password`,
    })
    expect(mail.subject).toBe('Tilbakestill passordet ditt hos Vekstlinje')
    expect(mail.html).toContain('<html lang="nb">')
    expect(mail.text).toContain(`${SITE}/auth/confirm?token_hash=${HASH}&type=recovery`)
    // Where to type it, on the device that asked or any other: the page's address as one types it.
    expect(mail.text).toContain(
      'Skriv inn denne engangskoden på siden der du ba om nytt passord, eller på en hvilken som helst enhet på vekstlinje.no/forgot-password (velg «Jeg har en engangskode»): 04291736 Den gjelder i 15 minutter.',
    )
    expect(mail.text.replaceAll('/forgot-password', '')).not.toMatch(/\bpassword\b/i)
  })

  it('English: the reset e-mail names the English "Forgot password?" page', () => {
    const mail = renderAuthMail({ kind: 'recovery', lang: 'en', code: '04291736', link: confirmLink(SITE, 'en', 'recovery', HASH, 'kari@example.no'), forgotPassword: `${SITE}/en/forgot-password` })
    expect(mail.text).toContain('or on any device at vekstlinje.no/en/forgot-password (choose “I have a one-time code”): 04291736 It works for 15 minutes.')
    expect(mail.html).toContain('<strong style="font-size:20px;letter-spacing:3px;')
  })

  it('no e-mail carries the auth service’s own link, which a mail scanner would spend by opening it', () => {
    for (const lang of ['en', 'nb'] as const) {
      for (const mail of [confirmation(lang), { kind: 'email-change', lang, copy: 'new', email: 'a@x.no', newEmail: 'b@x.no', link: confirmLink(SITE, lang, 'email_change', HASH, 'b@x.no') }] as AuthMail[]) {
        expect(renderAuthMail(mail).html).not.toContain('/auth/v1/')
      }
    }
  })

  it('the change of address: the new address is told only of itself; the current one of both, and that an unexpected change means someone may know the password', () => {
    const base = { kind: 'email-change', lang: 'en', email: 'kari@example.no', newEmail: 'kari@fjord.no', link: confirmLink(SITE, 'en', 'email_change', HASH, 'kari@fjord.no') } as const
    const toNew = renderAuthMail({ ...base, copy: 'new' })
    expect(toNew.subject).toBe('Confirm the change of e-mail address for Vekstlinje')
    expect(toNew.text).toContain('You asked to use kari@fjord.no as the e-mail address')
    expect(toNew.text).toContain('The change is made once it has also been confirmed from your current address.')
    expect(toNew.text).toContain("Your address won't be used unless you confirm it.")
    expect(toNew.text).toContain('because this address was entered on the Vekstlinje website')
    expect(toNew.text).not.toContain('kari@example.no')
    const toCurrent = renderAuthMail({ ...base, copy: 'current' })
    // The same subject: neither copy tells its reader that this is their new address.
    expect(toCurrent.subject).toBe(toNew.subject)
    expect(toCurrent.text).toContain('from kari@example.no to kari@fjord.no')
    expect(toCurrent.text).toContain("Don't open the link. A change needs your password, so someone may know it: change your password on your account page")
    // Nobody typed the current address in: it is the account's.
    expect(toCurrent.text).toContain('because it is the address of a Vekstlinje account')
  })

  it('the security notices say what changed and what to do if it wasn’t them, in both languages', () => {
    for (const kind of ['password-changed', 'factor-enrolled', 'factor-unenrolled', 'factor-locked'] as const) {
      const en = renderAuthMail({ kind, lang: 'en', email: 'kari@example.no', link: `${SITE}/en/forgot-password` })
      expect(en.text).toContain('kari@example.no')
      expect(en.text).toMatch(/Wasn't this you|If it wasn't you/)
      expect(en.text).toContain(`Choose a new password: ${SITE}/en/forgot-password`)
      const nb = renderAuthMail({ kind, lang: 'nb', email: 'kari@example.no', link: `${SITE}/forgot-password` })
      expect(nb.text).toMatch(/Var det ikke deg/)
    }
    const moved = renderAuthMail({ kind: 'email-changed', lang: 'nb', email: 'kari@example.no', newEmail: 'kari@fjord.no' })
    expect(moved.text).toContain('Vekstlinje-kontoen som brukte kari@example.no, bruker nå kari@fjord.no')
  })

  it('an account without a password is told to secure the service it signs in through, never to choose a new password', () => {
    for (const kind of ['factor-enrolled', 'factor-unenrolled'] as const) {
      const en = renderAuthMail({ kind, lang: 'en', email: 'kari@example.no', link: `${SITE}/en/forgot-password`, provider: 'Google' })
      expect(en.text).toContain("Wasn't this you? Then someone has signed in to your account through Google: secure your Google account at once")
      expect(en.text).not.toMatch(/password/i)
      const nb = renderAuthMail({ kind, lang: 'nb', email: 'kari@example.no', link: `${SITE}/forgot-password`, provider: 'LinkedIn' })
      expect(nb.text).toContain('Sikre LinkedIn-kontoen din med en gang')
      expect(nb.text).not.toMatch(/passord/i)
    }
  })

  it('names the service of an account without a password, and none for an account with one', () => {
    expect(passwordlessProvider({ provider: 'google', providers: ['google'] })).toBe('Google')
    expect(passwordlessProvider({ provider: 'linkedin_oidc', providers: ['linkedin_oidc'] })).toBe('LinkedIn')
    expect(passwordlessProvider({ provider: 'email', providers: ['email', 'google'] })).toBeUndefined()
    expect(passwordlessProvider({ provider: 'email' })).toBeUndefined()
    expect(passwordlessProvider(undefined)).toBeUndefined()
  })

  it('escapes what it prints', () => {
    const mail = renderAuthMail({ kind: 'email-changed', lang: 'en', email: '"<b>"@example.no', newEmail: 'x@example.no' })
    expect(mail.html).not.toContain('<b>')
  })
})

describe('through the local stack: the account’s language picks the e-mail’s', () => {
  let stack: LocalStack
  beforeAll(async () => {
    stack = await startTestStack()
  })
  afterAll(() => stack.stop())

  for (const [lang, confirm, reset] of [
    ['en', 'Confirm your e-mail address for Vekstlinje', 'Reset your Vekstlinje password'],
    ['nb', 'Bekreft e-postadressen din hos Vekstlinje', 'Tilbakestill passordet ditt hos Vekstlinje'],
  ] as const) {
    it(`${lang}: the confirmation and the password reset, each with one link and the product’s 8-digit code`, async () => {
      const sb = client(stack)
      const email = uniqueEmail(`lang-${lang}`)
      const signUp = await sb.auth.signUp({ email, password: 'fjord-Lys-2025', options: { data: { full_name: 'Siri Dahl', lang } } })
      expect(signUp.error).toBeNull()
      const [first] = await mails(stack, email)
      expect(first!.subject).toBe(confirm)
      expect(first!.text).toContain(lang === 'en' ? 'Hi,' : 'Hei,')
      expect(first!.links).toHaveLength(1)
      expect(first!.links[0]).toContain(`${lang === 'en' ? '/en' : ''}/auth/confirm?token_hash=`)
      expect(codeOf(first!)).toMatch(/^\d{8}$/)

      await stack.db.query(`update auth.users set email_confirmed_at = now() where email = $1`, [email])
      expect((await sb.auth.resetPasswordForEmail(email)).error).toBeNull()
      const [recovery] = await mails(stack, email)
      expect(recovery!.subject).toBe(reset)
      expect(recovery!.links[0]).toContain('type=recovery')
      // The code may be typed on any device: the e-mail names the "Forgot password?" page.
      expect(recovery!.text).toContain(`${new URL(recovery!.links[0]!).host}${lang === 'en' ? '/en' : ''}/forgot-password`)
    })
  }

  it('a sign-up whose name is a sentence with an address sends an e-mail without it', async () => {
    for (const full_name of ['Your invoice is overdue, pay at https://pay.example.com/now', 'Call +47 22 33 44 55 today']) {
      const email = uniqueEmail('named')
      expect((await client(stack).auth.signUp({ email, password: 'fjord-Lys-2025', options: { data: { full_name, lang: 'en' } } })).error).toBeNull()
      const [mail] = await mails(stack, email)
      expect(mail!.text).not.toContain(full_name)
      expect(mail!.html).not.toContain(full_name)
      expect(mail!.links.every((link) => !link.includes('pay.example.com'))).toBe(true)
    }
  })
})
