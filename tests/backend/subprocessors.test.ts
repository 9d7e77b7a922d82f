// The subprocessor list (src/features/legal/subprocessors.ts), which the privacy policy and the
// security page render, against the code: every external service the functions or
// supabase/config.toml use is named in it, and everything it names is used.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parse } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { subprocessors } from '../../src/features/legal/subprocessors.ts'

const root = new URL('../../', import.meta.url).pathname
const functionsDir = join(root, 'supabase/functions')
const configText = readFileSync(join(root, 'supabase/config.toml'), 'utf8')
const config = parse(configText) as Record<string, unknown>

/** Addresses in the code that no request goes to, and why. */
const NOT_CALLED: Record<string, string> = {
  'www.linkedin.com': 'the demo form stores LinkedIn profile addresses in this form; nothing is sent to LinkedIn',
}
/** Packages the functions import that talk to no service. */
const LIBRARIES = new Set(['arktype', 'standardwebhooks'])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|js)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** What the functions reach: hosts in their code, packages they import. */
function functionsUse() {
  const hosts = new Map<string, string>()
  const packages = new Map<string, string>()
  for (const file of sourceFiles(functionsDir)) {
    const code = readFileSync(file, 'utf8')
    const where = relative(root, file)
    for (const match of code.matchAll(/https?:\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi)) {
      const host = match[1]!.toLowerCase()
      if (!hosts.has(host)) hosts.set(host, where)
    }
    for (const match of code.matchAll(/\bfrom\s+['"]([^'".][^'"]*)['"]/g)) {
      const name = match[1]!.replace(/^npm:/, '').replace(/(?<=.)@.*$/, '')
      if (!packages.has(name)) packages.set(name, where)
    }
  }
  return { hosts, packages }
}

/** What config.toml switches on: external auth providers, SMTP, SMS, hooks, captcha, third-party
 * auth, and every URL in it. */
function configUse() {
  const sections = new Set<string>()
  const hosts = new Map<string, string>()
  const auth = (config.auth ?? {}) as Record<string, Record<string, { enabled?: boolean; host?: string; uri?: string }>>
  for (const group of ['external', 'sms', 'hook', 'third_party']) {
    for (const [name, value] of Object.entries(auth[group] ?? {})) {
      if (value && typeof value === 'object' && value.enabled) sections.add(`auth.${group}.${name}`)
    }
  }
  const email = (auth.email ?? {}) as Record<string, { enabled?: boolean; host?: string }>
  if (email.smtp?.enabled) {
    sections.add('auth.email.smtp')
    if (email.smtp.host) hosts.set(email.smtp.host, 'supabase/config.toml [auth.email.smtp]')
  }
  if ((auth.captcha as { enabled?: boolean } | undefined)?.enabled) sections.add('auth.captcha')
  const visit = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(/https?:\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi)) hosts.set(match[1]!.toLowerCase(), `supabase/config.toml ${path}`)
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, path ? `${path}.${key}` : key)
    }
  }
  visit(config, '')
  return { sections, hosts }
}

const fromFunctions = functionsUse()
const fromConfig = configUse()

describe('the subprocessor list against the code', () => {
  it('names every external service the functions call', () => {
    const named = new Set(subprocessors.flatMap((s) => s.usedBy.hosts ?? []))
    const unnamed = [...fromFunctions.hosts].filter(([host]) => !named.has(host) && !NOT_CALLED[host]).map(([host, file]) => `${host} (${file})`)
    expect(unnamed).toEqual([])
    const sdks = new Set(subprocessors.flatMap((s) => s.usedBy.packages ?? []))
    const unknown = [...fromFunctions.packages].filter(([name]) => !sdks.has(name) && !LIBRARIES.has(name)).map(([name, file]) => `${name} (${file})`)
    expect(unknown).toEqual([])
  })

  it('names every external service config.toml switches on', () => {
    const sections = new Set(subprocessors.flatMap((s) => s.usedBy.config ?? []))
    expect([...fromConfig.sections].filter((section) => !sections.has(section))).toEqual([])
    const named = new Set(subprocessors.flatMap((s) => s.usedBy.hosts ?? []))
    const unnamed = [...fromConfig.hosts].filter(([host]) => !named.has(host) && !NOT_CALLED[host]).map(([host, where]) => `${host} (${where})`)
    expect(unnamed).toEqual([])
  })

  it('names nothing that the code does not use', () => {
    const hosts = new Set([...fromFunctions.hosts.keys(), ...fromConfig.hosts.keys()])
    for (const vendor of subprocessors) {
      const use = vendor.usedBy
      const evidence = [
        ...(use.hosts ?? []).map((host) => [`host ${host}`, hosts.has(host)] as const),
        ...(use.packages ?? []).map((name) => [`package ${name}`, fromFunctions.packages.has(name)] as const),
        ...(use.config ?? []).map((section) => [`config ${section}`, fromConfig.sections.has(section)] as const),
        ...(use.platform
          ? [['the platform (config.toml and the functions it deploys)', /^\[auth\]/m.test(configText) && sourceFiles(functionsDir).some((f) => f.endsWith('/index.ts'))] as const]
          : []),
        ...(use.siteHost ? [['the site host', true] as const] : []),
      ]
      expect(evidence.length, `${vendor.name} says nothing about how it is used`).toBeGreaterThan(0)
      expect(evidence.filter(([, found]) => !found).map(([what]) => `${vendor.name}: ${what}`)).toEqual([])
    }
  })

  it('has one platform and one host for the site, and says of each where data goes', () => {
    expect(subprocessors.filter((s) => s.usedBy.platform)).toHaveLength(1)
    expect(subprocessors.filter((s) => s.usedBy.siteHost)).toHaveLength(1)
    expect(new Set(subprocessors.map((s) => s.id)).size).toBe(subprocessors.length)
    for (const vendor of subprocessors) {
      for (const field of [vendor.purpose, vendor.data, vendor.location, vendor.transfer]) expect(field.message?.trim()).toBeTruthy()
      // A provider that keeps data outside the EU/EEA must say on what basis.
      expect(/None/.test(vendor.transfer.message ?? ''), vendor.name).toBe(!vendor.transfersOutsideEea)
    }
  })

  it('the one e-mail provider sends both the auth e-mails and the functions’ mail', () => {
    const brevo = subprocessors.find((s) => s.id === 'brevo')!
    expect(fromConfig.hosts.get('smtp-relay.brevo.com')).toBeDefined()
    expect(fromFunctions.hosts.get('api.brevo.com')).toBe('supabase/functions/_shared/mail.ts')
    expect(brevo.transfersOutsideEea).toBe(false)
    // No other mail service anywhere in the functions.
    expect([...fromFunctions.hosts.keys()].filter((host) => /resend|postmark|sendgrid|mailgun|mailjet/.test(host))).toEqual([])
  })

  it('the bot-check provider: Cloudflare, for config.toml’s [auth.captcha] (Turnstile) and the demo function’s siteverify', () => {
    const captcha = (config.auth as { captcha?: { provider?: string; enabled?: boolean } }).captcha
    expect(captcha?.provider).toBe('turnstile')
    const cloudflare = subprocessors.find((s) => s.usedBy.hosts?.includes('challenges.cloudflare.com'))
    expect(cloudflare?.name).toBe('Cloudflare, Inc.')
    expect(fromFunctions.hosts.get('challenges.cloudflare.com')).toBe('supabase/functions/_shared/bot-check.ts')
    expect(cloudflare?.transfersOutsideEea).toBe(true)
    // Switched on, the auth server's check is named too.
    if (captcha?.enabled) expect(subprocessors.flatMap((s) => s.usedBy.config ?? [])).toContain('auth.captcha')
  })
})
