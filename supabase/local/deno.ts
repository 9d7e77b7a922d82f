// The functions as hosted Supabase gets them, and Deno to check and run them.
//
// `supabase functions deploy` uploads, per function: its import map (config.toml's
// `[functions.<name>] import_map`, else `<name>/deno.json`, `deno.jsonc`, `import_map.json`, else
// `functions/import_map.json`), the entry (`index.ts` unless `entrypoint` says otherwise) and every
// file the entry reaches through relative imports, found with the CLI's own regular expression
// (supabase/cli pkg/function/deno.go, WalkImportPaths). `uploadCopy` writes exactly that into a
// folder, so `deno check` and `deno run` there see what the edge runtime sees, nothing more.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, extname, join, posix, resolve } from 'node:path'
import { parse } from 'smol-toml'

export const SUPABASE_DIR = new URL('../', import.meta.url).pathname
const ROOT = resolve(SUPABASE_DIR, '..')
/** Deno's cache (npm packages, compiled modules), git-ignored with the rest of `.local/`. */
export const DENO_DIR = resolve(ROOT, '.local/deno')

/** The Deno binary of the `deno` npm package (a dev dependency). */
export function denoBinary(): string {
  const require = createRequire(import.meta.url)
  const pkg = dirname(require.resolve('deno/package.json'))
  const platform = `@deno/${process.platform}-${process.arch}${process.platform === 'linux' ? '-glibc' : ''}`
  try {
    const exe = join(dirname(require.resolve(`${platform}/package.json`, { paths: [pkg] })), 'deno')
    if (existsSync(exe)) return exe
  } catch {
    // Fall through to the package's own launcher.
  }
  return join(pkg, 'deno')
}

/** Environment for Deno: its cache in `.local/deno`; npm packages come from the npm registry
 * (or the one NPM_CONFIG_REGISTRY / .npmrc names). */
export function denoEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DENO_DIR,
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    // Deno's own root certificates and the system's (which hold a proxy's CA, if there is one).
    DENO_TLS_CA_STORE: process.env.DENO_TLS_CA_STORE ?? 'mozilla,system',
    ...extra,
  }
}

/** Only what Deno needs to run: its cache, the path, home, and any npm registry setting. */
function denoOwnEnv(): Record<string, string> {
  const own: Record<string, string> = {}
  for (const [name, value] of Object.entries(denoEnv())) {
    // Certificates and proxies too: behind a proxy with its own CA, npm packages download only with them.
    const network = /^(SSL_CERT_FILE|SSL_CERT_DIR|(HTTPS?|NO|ALL)_PROXY|(https?|no|all)_proxy)$/.test(name)
    if (value !== undefined && (/^(PATH|HOME|TMPDIR)$/.test(name) || network || /^(DENO_|NPM_CONFIG_)/.test(name))) own[name] = value
  }
  return own
}

export type DeployedFunction = { name: string; entrypoint: string; importMap: string | null }

type FunctionsConfig = Record<string, { entrypoint?: string; import_map?: string; enabled?: boolean }>

/** The functions `supabase functions deploy` would deploy, with paths relative to `supabase/`. */
export function deployedFunctions(supabaseDir = SUPABASE_DIR): DeployedFunction[] {
  const configFile = join(supabaseDir, 'config.toml')
  const config = existsSync(configFile) ? (parse(readFileSync(configFile, 'utf8')) as { functions?: FunctionsConfig }) : {}
  const functionsDir = join(supabaseDir, 'functions')
  const fallback = existsSync(join(functionsDir, 'import_map.json')) ? 'functions/import_map.json' : null
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.'))
    .filter((d) => config.functions?.[d.name]?.enabled !== false)
    .map((d) => {
      const own = config.functions?.[d.name]
      const dir = `functions/${d.name}`
      const found = ['deno.json', 'deno.jsonc', 'import_map.json'].find((f) => existsSync(join(supabaseDir, dir, f)))
      return {
        name: d.name,
        entrypoint: own?.entrypoint ? posix.normalize(own.entrypoint.replace(/^\.\//, '')) : `${dir}/index.ts`,
        importMap: own?.import_map ? posix.normalize(own.import_map) : found ? `${dir}/${found}` : fallback,
      }
    })
    .filter((f) => existsSync(join(supabaseDir, f.entrypoint)))
}

// The CLI's pattern for import and export statements and dynamic imports.
const IMPORT_PATH = /(?:import|export)\s+(?:type\s+)?(?:{[^{}]+}|.*?)\s*(?:from)?\s*['"](.*?)['"]|import\(\s*['"](.*?)['"]\)/gi

/** The files the CLI uploads for one function, relative to `supabase/`: import map first. */
export function uploadedFiles(fn: DeployedFunction, supabaseDir = SUPABASE_DIR): string[] {
  const files: string[] = []
  let imports: Record<string, string> = {}
  if (fn.importMap) {
    files.push(fn.importMap)
    const map = JSON.parse(readFileSync(join(supabaseDir, fn.importMap), 'utf8')) as { imports?: Record<string, string> }
    imports = map.imports ?? {}
  }
  const seen = new Set<string>()
  const queue = [fn.entrypoint]
  while (queue.length > 0) {
    const current = queue.pop()!
    if (seen.has(current)) continue
    seen.add(current)
    const file = join(supabaseDir, current)
    if (!existsSync(file)) continue
    files.push(current)
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_PATH)) {
      let mod = (match[1] || match[2] || '').trim()
      let substituted = false
      for (const [key, value] of Object.entries(imports)) {
        if (mod.startsWith(key)) {
          mod = value + mod.slice(key.length)
          substituted = true
        }
      }
      if (extname(mod) === '' || !(mod.startsWith('./') || mod.startsWith('../'))) continue
      queue.push(posix.normalize(substituted ? mod : posix.join(posix.dirname(current), mod)))
    }
  }
  return files
}

/** Writes what the CLI would upload for each function into `dest` (as `dest/functions/<name>/…`). */
export function uploadCopy(dest: string, functions = deployedFunctions()): DeployedFunction[] {
  rmSync(dest, { recursive: true, force: true })
  for (const fn of functions) {
    for (const file of uploadedFiles(fn)) {
      mkdirSync(dirname(join(dest, file)), { recursive: true })
      copyFileSync(join(SUPABASE_DIR, file), join(dest, file))
    }
  }
  return functions
}

/** The Deno flags that make a function's import map its configuration, as the edge runtime does. */
export function configFlags(fn: DeployedFunction, dir: string): string[] {
  if (!fn.importMap) return ['--no-config']
  const path = join(dir, fn.importMap)
  return /deno\.jsonc?$/.test(fn.importMap) ? ['--config', path] : ['--no-config', '--import-map', path]
}

/** `deno check` of every function's entry in an upload copy; returns each function's result. The
 * functions whose deno.json say the same are checked together, in one process: the same import map
 * resolves their imports the same way, and what they share is checked once. */
export function denoCheck(dir: string, functions: DeployedFunction[]): { name: string; ok: boolean; output: string }[] {
  const groups = new Map<string, DeployedFunction[]>()
  for (const fn of functions) {
    const config = fn.importMap ? readFileSync(join(dir, fn.importMap), 'utf8') : ''
    groups.set(config, [...(groups.get(config) ?? []), fn])
  }
  return [...groups.values()].flatMap((group) => {
    const run = spawnSync(denoBinary(), ['check', ...configFlags(group[0]!, dir), ...group.map((fn) => join(dir, fn.entrypoint))], {
      cwd: dir,
      env: denoEnv(),
      encoding: 'utf8',
    })
    return group.map((fn) => ({ name: fn.name, ok: run.status === 0, output: `${run.stdout}${run.stderr}` }))
  })
}

export type DenoProcess = { url: string; child: ChildProcess; stop(): Promise<void> }

/** Runs `script` under Deno with network and environment access; resolves once it listens.
 * Its environment is `env` alone (plus what Deno itself needs), as a hosted function sees only
 * its secrets. Deno.serve() takes its address from DENO_SERVE_ADDRESS (port 0: a free one). */
export function runDeno(
  fn: DeployedFunction,
  dir: string,
  script: string,
  env: Record<string, string | undefined>,
  args: string[] = [],
): Promise<DenoProcess> {
  const child = spawn(
    denoBinary(),
    ['run', '--allow-net', '--allow-env', '--allow-read', ...configFlags(fn, dir), script, ...args],
    { cwd: dir, env: { ...denoOwnEnv(), ...env, DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0' }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done()
      child.once('exit', () => done())
      child.kill('SIGTERM')
    })
  return new Promise((ready, fail) => {
    let log = ''
    const onData = (chunk: Buffer) => {
      log += chunk.toString()
      // Deno prints "Listening on http://127.0.0.1:<port>/".
      const port = /Listening on https?:\/\/[^\s:]+:(\d+)/.exec(log)?.[1]
      if (port) {
        child.stdout?.off('data', onData)
        child.stderr?.off('data', onData)
        child.stdout?.on('data', (c: Buffer) => process.stdout.write(c))
        child.stderr?.on('data', (c: Buffer) => process.stderr.write(c))
        ready({ url: `http://127.0.0.1:${port}`, child, stop })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => fail(new Error(`deno ${fn.name} exited (${code}) before listening:\n${log}`)))
  })
}

export type FunctionHandler = (req: Request, env: Record<string, string | undefined>) => Promise<Response>
export type DenoFunctions = {
  dir: string
  handlers: Map<string, FunctionHandler>
  /** Where each function's Deno process listens, by function name. */
  urls: Record<string, string>
  stop(): Promise<void>
}

const HOST_SCRIPT = new URL('./deno-host.ts', import.meta.url).pathname

/** Handlers that forward each request, and the environment it is served with, to the Deno
 * process listening for its function (see `startDenoFunctions`). */
export function denoHandlers(urls: Record<string, string>): Map<string, FunctionHandler> {
  const handlers = new Map<string, FunctionHandler>()
  for (const [name, base] of Object.entries(urls)) {
    handlers.set(name, async (req, env) => {
      const url = new URL(req.url)
      const headers = new Headers(req.headers)
      headers.set('x-function-env', Buffer.from(JSON.stringify(env)).toString('base64'))
      const body = req.method === 'GET' || req.method === 'HEAD' ? null : await req.arrayBuffer()
      const res = await fetch(`${base}${url.pathname}${url.search}`, { method: req.method, headers, body, redirect: 'manual' })
      // A fetched response's headers are immutable; the stack's middleware adds its own.
      return new Response(res.body, res)
    })
  }
  return handlers
}

/** Every function's handler served by Deno from an upload copy in `dir`, one Deno process per
 * function with that function's own import map. Each handler forwards the request and its env. */
export async function startDenoFunctions(dir: string): Promise<DenoFunctions> {
  const functions = uploadCopy(dir)
  const hosts = await Promise.all(
    functions.map((fn) =>
      runDeno(fn, dir, HOST_SCRIPT, {}, [join(dir, dirname(fn.entrypoint), 'handler.ts')]).then((host) => [fn.name, host] as const),
    ),
  )
  const urls = Object.fromEntries(hosts.map(([name, host]) => [name, host.url]))
  return {
    dir,
    handlers: denoHandlers(urls),
    urls,
    async stop() {
      await Promise.all(hosts.map(([, host]) => host.stop()))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
