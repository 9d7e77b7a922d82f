// .env.example documents every variable the functions, the build and the servers read, in the
// group where it belongs, each with a line saying what it does and whether it is required.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { paidPlans } from '../../supabase/functions/_shared/plans.ts'

const root = new URL('../../', import.meta.url).pathname
const example = readFileSync(join(root, '.env.example'), 'utf8')

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
}

// env.NAME, env['NAME'], process.env.NAME, import.meta.env.NAME, Deno.env.get('NAME')
const READ = /\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\]|\.get\(['"]([A-Z][A-Z0-9_]+)['"]\))/g

function readIn(dirs: string[]): Map<string, string> {
  const found = new Map<string, string>()
  for (const file of dirs.flatMap(files)) {
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(READ)) {
      const name = match[1] ?? match[2] ?? match[3]!
      if (!found.has(name)) found.set(name, file)
    }
  }
  return found
}

/** Each documented variable: its group (the banner above it) and the first line of the comment
 * above it (variables listed one after another share one comment). */
function documented(): Map<string, { group: string; note: string }> {
  const out = new Map<string, { group: string; note: string }>()
  let group = ''
  let note = ''
  let afterVariable = true
  for (const line of example.split('\n')) {
    const banner = /^# (Hosted secrets|Build variables|Local only)\b/.exec(line)
    if (banner) group = banner[1]!
    if (banner || line.startsWith('# ===')) {
      afterVariable = true
      continue
    }
    const variable = /^#?\s*([A-Z][A-Z0-9_]+)=/.exec(line)
    if (variable) {
      if (!out.has(variable[1]!)) out.set(variable[1]!, { group, note })
    } else if (line.startsWith('#') && afterVariable) note = line
    afterVariable = Boolean(variable) || !line.startsWith('#') || /^#\s*$/.test(line)
  }
  return out
}

describe('.env.example', () => {
  const docs = documented()

  it('lists every variable read in supabase/functions, src/build and src/server', () => {
    const read = readIn(['supabase/functions', 'src/build', 'src/server'])
    expect(read.size).toBeGreaterThan(20)
    const missing = [...read].filter(([name]) => !docs.has(name)).map(([name, file]) => `${name} (${file})`)
    expect(missing).toEqual([])
  })

  it('puts what the functions read under hosted secrets, unless the local stack or Supabase sets it', () => {
    const local = new Set(['LOCAL_MAILBOX_URL', 'LOCAL_PAYMENTS_URL', 'STRIPE_API_BASE', 'BREVO_API_BASE', 'TURNSTILE_SITEVERIFY_URL'])
    for (const name of readIn(['supabase/functions']).keys()) {
      const expected = local.has(name) ? 'Local only' : name === 'SITE_URL' ? 'Build variables' : 'Hosted secrets'
      expect({ name, group: docs.get(name)?.group }).toEqual({ name, group: expected })
    }
  })

  it('says of each variable what it does and whether it is required', () => {
    const provided = new Set(['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'])
    const vague = [...docs]
      .filter(([name]) => !provided.has(name))
      .filter(([, { note }]) => !/^# (Required|Optional|Recommended|Set by the local stack|Tests only|`supabase config push`)|^# [A-Z_]+=/.test(note))
      .map(([name, { note }]) => `${name}: ${note}`)
    expect(vague).toEqual([])
  })
})

// A plan's price variable is read as env[plan.stripePriceEnv], which the scan above does not see:
// each paid plan of the catalogue (supabase/functions/_shared/plan-catalogue.ts) names its own, and
// every place that lists the secrets to set must name it.
describe('the price variable of each paid plan', () => {
  const docs = documented()
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const supabaseReadme = readFileSync(join(root, 'supabase/README.md'), 'utf8')
  /** The README's deploy section. */
  const deploy = /^## Deploy\n[\s\S]*?(?=^## )/m.exec(readme)?.[0] ?? ''
  /** The variables a `supabase secrets set` command of a text sets. */
  const setIn = (text: string) => new Set([...text.matchAll(/`supabase secrets set ([^`]*)`/g)].flatMap((m) => [...m[1]!.matchAll(/\b([A-Z][A-Z0-9_]+)=/g)].map((v) => v[1]!)))
  /** The paragraphs of a text that say to set secrets with `supabase secrets set`. */
  const secretParagraphs = (text: string) => text.split(/\n\s*\n/).filter((paragraph) => paragraph.includes('supabase secrets set'))

  it('reads the catalogue: at least one paid plan, each with a variable of its own', () => {
    const names = paidPlans.map((plan) => plan.stripePriceEnv)
    expect(names.length).toBeGreaterThan(0)
    expect(new Set(names).size).toBe(names.length)
  })

  for (const { id, stripePriceEnv: name } of paidPlans) {
    it(`${id}: ${name} is a hosted secret in .env.example, set in the README's deploy steps, and named where supabase/README.md sets secrets`, () => {
      expect({ name, group: docs.get(name!)?.group }).toEqual({ name, group: 'Hosted secrets' })
      expect({ name, setInDeploy: setIn(deploy).has(name!) }).toEqual({ name, setInDeploy: true })
      expect({ name, inSupabaseReadme: secretParagraphs(supabaseReadme).some((paragraph) => paragraph.includes(`\`${name}\``)) }).toEqual({
        name,
        inSupabaseReadme: true,
      })
    })
  }
})
