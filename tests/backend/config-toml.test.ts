// supabase/config.toml as the Supabase CLI reads it for `config push`, `db push` and
// `functions deploy`: parsed by a TOML parser, every `env()` checked against the CLI's rule.
import { readFileSync } from 'node:fs'
import { parse } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { CONFIG_TOML, functionsWithoutJwtCheck } from '../../supabase/local/functions.ts'

const text = readFileSync(CONFIG_TOML, 'utf8')
const config = parse(text) as Record<string, unknown>

/** Every string value with its dotted path (array items as path[i]). */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]]
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => strings(item, path ? `${path}.${key}` : key))
  return []
}

// The CLI (pkg/config/decode_hooks.go) substitutes a string only when it is entirely `env(NAME)`.
const WHOLE_ENV = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/

describe('config.toml', () => {
  const values = strings(config)

  it('uses env() only as a whole value, which is all the CLI substitutes', () => {
    const partial = values.filter(([, value]) => value.includes('env(') && !WHOLE_ENV.test(value))
    expect(partial).toEqual([])
    expect(values.filter(([, v]) => WHOLE_ENV.test(v)).length).toBeGreaterThan(0)
  })

  it('pushes no local-only URL to a hosted project', () => {
    const local = values.filter(([, value]) => /localhost|127\.0\.0\.1|\[::1\]/.test(value))
    expect(local).toEqual([])
  })

  it("takes the site URL from SITE_URL; auth then allows the site's own /app and /en/app", () => {
    const auth = config.auth as { site_url: string; additional_redirect_urls: string[] }
    expect(auth.site_url).toBe('env(SITE_URL)')
    for (const url of auth.additional_redirect_urls) expect(url).toMatch(WHOLE_ENV)
  })

  it('documents every variable it reads in .env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8')
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]))
    const used = values.map(([, v]) => WHOLE_ENV.exec(v)?.[1]).filter((name): name is string => Boolean(name))
    expect(used.filter((name) => !documented.has(name))).toEqual([])
  })

  it("opens the same functions for the local stack's reader as for a TOML parser", () => {
    const functions = (config.functions ?? {}) as Record<string, { verify_jwt?: boolean }>
    const open = Object.entries(functions).filter(([, f]) => f.verify_jwt === false).map(([name]) => name)
    expect([...functionsWithoutJwtCheck(text)].sort()).toEqual(open.sort())
    expect(open).toContain('stripe-webhook')
  })
})
