// The local stack's auth follows the project's config.toml, not defaults that happen to agree with
// it, and sends e-mailed links only where hosted GoTrue would: the site URL's own host, a loopback
// address, or what `additional_redirect_urls` allows. Its mailbox, which holds sign-in and recovery
// links, answers only at its own names, so a page that rebinds its name to 127.0.0.1 cannot read
// the links in it, and no other web page may read it (no CORS), while the APIs answer any origin.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isRedirectAllowed } from '../auth-redirect.ts'
import { authConfigOf } from '../context.ts'
import { follow, type LocalStack, mails, STARTUP_TIMEOUT, startTestStack, uniqueEmail, verifyLinkOf } from './helpers.ts'

const SITE = 'https://vekstlinje.example'
const dir = mkdtempSync(join(tmpdir(), 'config-toml-'))
const configToml = join(dir, 'config.toml')
// Values GoTrue's defaults do not have, so that only reading this file can give them.
writeFileSync(
  configToml,
  `[auth]
site_url = "env(SITE_URL)"
additional_redirect_urls = ["https://preview.vekstlinje.example/**", "env(EXTRA_REDIRECT_URL)"]
jwt_expiry = 1800
refresh_token_reuse_interval = 7
minimum_password_length = 9

[auth.rate_limit]
sign_in_sign_ups = 11
token_refresh = 12
token_verifications = 13

[auth.email]
enable_confirmations = false
max_frequency = "5s"

# As the project's: every auth e-mail is the Send Email hook's (functions/auth-hooks).
[auth.hook.send_email]
enabled = true
uri = "env(AUTH_HOOK_SEND_EMAIL_URI)"
secrets = "env(AUTH_HOOK_SECRET)"
`,
)

let stack: LocalStack
beforeAll(async () => {
  process.env.EXTRA_REDIRECT_URL = 'https://partner.example/callback'
  stack = await startTestStack({ siteUrl: SITE, configToml })
}, STARTUP_TIMEOUT)
afterAll(async () => {
  await stack.stop()
  delete process.env.EXTRA_REDIRECT_URL
  rmSync(dir, { recursive: true, force: true })
})

const post = (path: string, body: unknown) =>
  fetch(`${stack.url}/auth/v1/${path}`, { method: 'POST', headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

describe('config.toml decides the auth settings', () => {
  it('every setting the stack reads comes from the file', () => {
    expect(authConfigOf(configToml)).toMatchObject({
      autoconfirm: true,
      jwtExpiry: 1800,
      refreshTokenReuseInterval: 7,
      minimumPasswordLength: 9,
      emailMaxFrequency: 5,
      signInSignUps: 11,
      tokenRefresh: 12,
      tokenVerifications: 13,
      redirectAllowList: ['https://preview.vekstlinje.example/**', 'https://partner.example/callback'],
    })
  })

  it('and the stack started with it behaves so: no confirmation, 30-minute tokens, 9-byte passwords', async () => {
    const short = await post('signup', { email: uniqueEmail('cfg'), password: '12345678' })
    expect(short.status).toBe(422)
    expect(await short.json()).toMatchObject({ code: 'weak_password' })
    const ok = await post('signup', { email: uniqueEmail('cfg'), password: 'correct-horse-1' })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ expires_in: 1800, access_token: expect.any(String) })
  })
})

describe('where e-mailed links may lead (GoTrue’s IsRedirectURLValid)', () => {
  const cases: Array<[string, boolean]> = [
    [`${SITE}/reset-password`, true],
    ['https://vekstlinje.example:8443/x', false],
    ['http://vekstlinje.example/x', false],
    ['https://preview.vekstlinje.example/en/reset-password', true],
    ['https://preview.vekstlinje.example/en/reset-password#frag', true],
    ['https://deep.preview.vekstlinje.example/x', false],
    ['https://partner.example/callback', true],
    ['https://partner.example/callback/more', false],
    ['http://localhost:6666/steal', false],
    ['http://127.0.0.1:6666/app', true],
    ['http://[::1]:6666/app', true],
    ['http://2130706433/', false],
    ['https://evil.example/', false],
    [' https://vekstlinje.example/', false],
    ['https://vekstlinje.example\t/', false],
  ]
  for (const [url, allowed] of cases) {
    it(`${JSON.stringify(url)} ${allowed ? 'is kept' : 'becomes the site URL'}`, () => {
      expect(isRedirectAllowed(url, SITE, authConfigOf(configToml).redirectAllowList)).toBe(allowed)
    })
  }

  it('a loopback site URL allows its host on any port, as GoTrue does for local development', () => {
    expect(isRedirectAllowed('http://localhost:5183/app', 'http://localhost:5173', [])).toBe(true)
    expect(isRedirectAllowed('https://localhost:5183/app', 'http://localhost:5173', [])).toBe(false)
  })

  it('POST /recover: the e-mailed link leads to the site’s own page, whatever redirect_to asks for', async () => {
    const linksFor = async (redirect: string) => {
      // A new address each time: one address gets one e-mail per max_frequency.
      const email = uniqueEmail('recover')
      expect((await post('signup', { email, password: 'correct-horse-1' })).status).toBe(200)
      const res = await fetch(`${stack.url}/auth/v1/recover?redirect_to=${encodeURIComponent(redirect)}`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      })
      expect(res.status).toBe(200)
      const [mail] = await mails(stack, email)
      return { links: mail!.links, html: mail!.html ?? '', text: mail!.text }
    }
    for (const redirect of ['http://localhost:6666/steal', 'https://evil.example/steal']) {
      const { links, html, text } = await linksFor(redirect)
      expect(links.map((link) => `${new URL(link).origin}${new URL(link).pathname}`)).toContain(`${SITE}/auth/confirm`)
      for (const link of links) expect(new URL(link).origin).toBe(SITE)
      expect(`${html}${text}`).not.toContain(new URL(redirect).host)
    }
  })
})

describe('where the auth server itself redirects (GET /verify, as GoTrue’s own links do)', () => {
  it('to the redirect asked for only when the allow-list has it, to the site URL otherwise', async () => {
    const landingFor = async (redirect: string) => {
      const email = uniqueEmail('verify-redirect')
      expect((await post('signup', { email, password: 'correct-horse-1' })).status).toBe(200)
      expect((await post('recover', { email })).status).toBe(200)
      const [mail] = await mails(stack, email)
      return follow(verifyLinkOf(stack, mail!, redirect))
    }
    for (const redirect of ['http://localhost:6666/steal', 'https://evil.example/steal']) expect((await landingFor(redirect)).origin).toBe(SITE)
    expect(`${(await landingFor('https://preview.vekstlinje.example/app')).origin}`).toBe('https://preview.vekstlinje.example')
  })
})

describe('the mailbox and DNS rebinding', () => {
  /** A request with the Host header a browser sends for the name in its address bar. */
  const withHost = (host: string, path: string, method = 'GET', body?: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${stack.url}${path}`, { method, headers: { Host: host, ...(body ? { 'Content-Type': 'application/json' } : {}) } }, (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      })
      req.on('error', reject)
      req.end(body)
    })
  const port = () => new URL(stack.url).port

  it('answers at localhost, 127.0.0.1 and [::1]', async () => {
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`, `[::1]:${port()}`, 'localhost']) {
      expect((await withHost(host, '/mailbox.json')).status).toBe(200)
    }
  })

  it('refuses any other name, for the page, the JSON and sending', async () => {
    for (const host of [`evil.example:${port()}`, 'rebind.attacker.example', `localhost.evil.example:${port()}`]) {
      for (const path of ['/mailbox', '/mailbox.json', '/mailbox.json?to=a%40b.c']) {
        const res = await withHost(host, path)
        expect(res.status).toBe(403)
        expect(res.text).not.toContain('@')
      }
      expect((await withHost(host, '/mailbox/send', 'POST', '{}')).status).toBe(403)
    }
  })
})

describe('the local mailbox and other origins', () => {
  it('answers no CORS header to another origin, for the JSON and its preflight', async () => {
    const origin = { Origin: 'http://evil.example' }
    const json = await fetch(`${stack.url}/mailbox.json`, { headers: origin })
    expect(json.status).toBe(200)
    expect(json.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${stack.url}/mailbox.json`, { method: 'OPTIONS', headers: { ...origin, 'Access-Control-Request-Method': 'GET' } })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('the APIs still answer any origin, as the hosted gateway does', async () => {
    const res = await fetch(`${stack.url}/auth/v1/health`, { headers: { Origin: 'http://localhost:5173', apikey: stack.anonKey } })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })
})
