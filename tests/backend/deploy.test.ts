// The functions as `supabase functions deploy` ships them: per function, the files the CLI would
// upload (its deno.json, the entry and what the entry imports by relative path), type-checked by
// Deno there, and the real index.ts served by Deno with its environment as hosted Supabase sets it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type DeployedFunction,
  denoBinary,
  denoCheck,
  denoEnv,
  runDeno,
  SUPABASE_DIR,
  uploadCopy,
  uploadedFiles,
} from '../../supabase/local/deno.ts'
import { type ChildProcess, spawnSync } from 'node:child_process'
import { type LocalStack, mails, STARTUP_TIMEOUT, startTestStack, uniqueEmail } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'functions-upload-'))

/** Resolves once the process has written `text` to its stderr (the log arrives apart from the answer). */
function logged(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve) => {
    let log = ''
    const onData = (chunk: Buffer) => {
      log += chunk.toString()
      if (log.includes(text)) {
        child.stderr?.off('data', onData)
        resolve()
      }
    }
    child.stderr?.on('data', onData)
  })
}
let functions: DeployedFunction[]

beforeAll(() => {
  functions = uploadCopy(dir)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('what the CLI uploads', () => {
  it('deploys every function folder, each with its own deno.json as import map', () => {
    const folders = readdirSync(new URL('../../supabase/functions/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
    expect(functions.map((f) => f.name).sort()).toEqual(folders.sort())
    expect(folders.length).toBeGreaterThanOrEqual(8)
    for (const fn of functions) expect(fn.importMap).toBe(`functions/${fn.name}/deno.json`)
  })

  it('uploads the entry, the handler and the shared modules it imports, nothing of the local stack', () => {
    const files = uploadedFiles(functions.find((f) => f.name === 'send-demo-request')!)
    expect(files).toEqual(
      expect.arrayContaining([
        'functions/send-demo-request/deno.json',
        'functions/send-demo-request/index.ts',
        'functions/send-demo-request/handler.ts',
        'functions/_shared/demo-request.ts',
      ]),
    )
    for (const fn of functions) for (const file of uploadedFiles(fn)) expect(file).toMatch(/^functions\//)
  })

  it('pins in each deno.json the versions package.json installs for Node', () => {
    const pkg = JSON.parse(readFileSync(join(SUPABASE_DIR, '../package.json'), 'utf8')) as { dependencies: Record<string, string> }
    for (const fn of functions) {
      const { imports } = JSON.parse(readFileSync(join(SUPABASE_DIR, fn.importMap!), 'utf8')) as { imports: Record<string, string> }
      for (const [name, target] of Object.entries(imports)) expect(target).toBe(`npm:${name}@${pkg.dependencies[name]}`)
    }
  })
})

describe('deno check with only what the CLI uploads', () => {
  it(
    'type-checks every function entry',
    () => {
      for (const result of denoCheck(dir, functions)) expect(result, result.output).toMatchObject({ ok: true })
    },
    180_000,
  )

  it('fails without the import map (the check can fail)', () => {
    const fn = functions.find((f) => f.name === 'stripe-webhook')!
    const run = spawnSync(denoBinary(), ['check', '--no-config', join(dir, fn.entrypoint)], { cwd: dir, env: denoEnv(), encoding: 'utf8' })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain('"stripe"')
  })
})

describe('index.ts served by Deno, its environment from the process as on hosted Supabase', () => {
  let stack: LocalStack
  beforeAll(async () => {
    stack = await startTestStack()
  }, STARTUP_TIMEOUT)
  afterAll(() => stack.stop())

  const demo = () => functions.find((f) => f.name === 'send-demo-request')!
  const post = (url: string, email: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:5173' },
      body: JSON.stringify({ name: 'Kari Nordmann', email, need: 'content' }),
    })

  it('stores and notifies with the secrets set', async () => {
    const fn = demo()
    const served = await runDeno(fn, dir, join(dir, fn.entrypoint), {
      SUPABASE_URL: stack.url,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      LOCAL_MAILBOX_URL: `${stack.url}/mailbox/send`,
    })
    try {
      const email = uniqueEmail('deno')
      const res = await post(served.url, email)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ ok: true })
      expect((await mails(stack, 'salg@vekstlinje.no')).some((m) => m.text.includes(email))).toBe(true)
    } finally {
      await served.stop()
    }
  }, 60_000)

  it('without BREVO_API_KEY: 500 at the first request and a log line naming the secret', async () => {
    const fn = demo()
    const served = await runDeno(fn, dir, join(dir, fn.entrypoint), {
      SUPABASE_URL: stack.url,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    })
    const line = logged(served.child, '[send-demo-request] not configured: missing BREVO_API_KEY')
    try {
      const email = uniqueEmail('deno')
      const res = await post(served.url, email)
      expect(res.status).toBe(500)
      expect(await res.json()).toEqual({ ok: false, error: 'not_configured' })
      await line
      const { rows } = await stack.db.query('select 1 from public.demo_requests where email = $1', [email])
      expect(rows).toHaveLength(0)
    } finally {
      await served.stop()
    }
  }, 60_000)
})

describe('a deployed function missing a required secret', () => {
  it('answers 500 at its first request, with a log line naming what is missing', async () => {
    const expected: Record<string, string> = {
      'send-demo-request': 'missing SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, BREVO_API_KEY',
      'create-checkout': 'missing SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SITE_URL',
      'create-portal-session': 'missing SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SITE_URL, STRIPE_SECRET_KEY',
      'fix-payment': 'missing SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SITE_URL, STRIPE_SECRET_KEY',
      'reconcile-payments': 'missing SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, STRIPE_SECRET_KEY',
      'stripe-webhook': 'missing SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY',
      'export-account': 'missing SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY',
      'delete-account': 'missing SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, LOCAL_PAYMENTS_URL',
      'update-billing-email': 'missing SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, STRIPE_SECRET_KEY',
      'auth-hooks': 'missing SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, AUTH_HOOK_SECRET, BREVO_API_KEY',
      'request-email-change': 'missing SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY',
      'company-lookup': 'missing SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY',
    }
    // Every deployed function is named here, so that a new one fails at once rather than by timeout.
    expect(Object.keys(expected).sort()).toEqual(functions.map((fn) => fn.name).sort())
    const served = await Promise.all(functions.map((fn) => runDeno(fn, dir, join(dir, fn.entrypoint), {})))
    try {
      await Promise.all(
        functions.map(async (fn, i) => {
          const line = logged(served[i]!.child, `[${fn.name}] not configured: ${expected[fn.name]}`)
          const res = await fetch(served[i]!.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
          expect({ name: fn.name, status: res.status }).toEqual({ name: fn.name, status: 500 })
          await line
        }),
      )
    } finally {
      await Promise.all(served.map((s) => s.stop()))
    }
  }, 60_000)
})
