// A production build refuses to guess its URL; the local build (`npm start`) needs nothing.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isProductionBuild, productionBuildProblems } from '../../src/build/production.ts'

const root = new URL('../../', import.meta.url).pathname
const hosted = { SITE_URL: 'https://vekstlinje.no', VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon' }

describe('which builds are production builds', () => {
  it('`--production` or NODE_ENV=production; `npm run build` alone (as `npm start` runs it) is not', () => {
    expect(isProductionBuild(['--production'], {})).toBe(true)
    expect(isProductionBuild([], { NODE_ENV: 'production' })).toBe(true)
    expect(isProductionBuild([], {})).toBe(false)
    expect(isProductionBuild([], { NODE_ENV: 'development' })).toBe(false)
  })
})

describe('what a production build needs', () => {
  it('nothing more with a site origin and a hosted project', () => {
    expect(productionBuildProblems(hosted)).toEqual([])
    expect(productionBuildProblems({ ...hosted, SITE_URL: 'https://vekstlinje.no/' })).toEqual([])
  })

  it('SITE_URL, an origin', () => {
    expect(productionBuildProblems({ ...hosted, SITE_URL: undefined })).toEqual([expect.stringContaining('SITE_URL is not set')])
    expect(productionBuildProblems({ ...hosted, SITE_URL: ' ' })).toEqual([expect.stringContaining('SITE_URL is not set')])
    expect(productionBuildProblems({ ...hosted, SITE_URL: 'vekstlinje.no' })).toEqual([expect.stringContaining('must be an origin')])
    expect(productionBuildProblems({ ...hosted, SITE_URL: 'https://vekstlinje.no/en' })).toEqual([expect.stringContaining('must be an origin')])
  })

  it("with config.toml's bot check on, the widget's own site key (not a test key)", () => {
    expect(productionBuildProblems(hosted, { botCheck: true })).toEqual([expect.stringContaining('VITE_TURNSTILE_SITE_KEY is not set')])
    for (const testKey of ['1x00000000000000000000AA', '2x00000000000000000000AB', '3x00000000000000000000FF'])
      expect(productionBuildProblems({ ...hosted, VITE_TURNSTILE_SITE_KEY: testKey }, { botCheck: true })).toEqual([expect.stringContaining('a Turnstile test key')])
    expect(productionBuildProblems({ ...hosted, VITE_TURNSTILE_SITE_KEY: '0x4AAAAAAABkMYinukE8nzY' }, { botCheck: true })).toEqual([])
    expect(productionBuildProblems(hosted, { botCheck: false })).toEqual([])
  })

  it("the hosted project's URL and anon key, not the local stack's", () => {
    expect(productionBuildProblems({ SITE_URL: hosted.SITE_URL })).toEqual([
      expect.stringContaining('VITE_SUPABASE_URL'),
      expect.stringContaining('VITE_SUPABASE_ANON_KEY'),
    ])
  })
})

describe('npm run build -- --production without SITE_URL', () => {
  const run = (args: string[], env: Record<string, string | undefined>) => {
    const clean = { ...process.env, ...env }
    for (const name of ['SITE_URL', 'NODE_ENV', 'VITE_TURNSTILE_SITE_KEY']) if (!(name in env) || env[name] === undefined) delete clean[name]
    return spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/build/build.ts', ...args], {
      cwd: root,
      env: clean,
      encoding: 'utf8',
    })
  }

  it('fails at once with a message naming SITE_URL', () => {
    const out = run(['--production'], { VITE_SUPABASE_URL: hosted.VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY: 'anon' })
    expect(out.status).toBe(1)
    expect(out.stderr).toContain('The production build needs its configuration')
    expect(out.stderr).toContain('SITE_URL is not set')
    // config.toml has the bot check on: the widget's key is asked for too.
    expect(out.stderr).toContain('VITE_TURNSTILE_SITE_KEY is not set')
    expect(out.stdout).not.toContain('built and prerendered')
  }, 30_000)

  it('the same with NODE_ENV=production', () => {
    const out = run([], { NODE_ENV: 'production' })
    expect(out.status).toBe(1)
    expect(out.stderr).toContain('SITE_URL is not set')
  }, 30_000)
})
