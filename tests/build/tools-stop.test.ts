// `npm run shots` and `npm run bench:web` start a site server (shots also the local stack) and a
// browser. After they finish, and after a Ctrl+C or a `kill` in the middle of their work, nothing
// they started is left running and their ports are free again. Each run is tiny: one or two pages
// for shots, no Lighthouse audit to the end for bench:web.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { type AddressInfo, connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs')
/** Every process a tool starts inherits its environment, and with it this variable. */
const MARK = 'TOOLS_STOP_TEST_RUN'

/** The processes (pid and command line) whose environment carries `mark`; zombies have none. */
function marked(mark: string): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        if (!readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`${MARK}=${mark}`)) return []
        return [`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ').trim()}`]
      } catch {
        return [] // gone meanwhile
      }
    })
}

async function listening(port: number): Promise<boolean> {
  const socket = connect({ port, host: '127.0.0.1' })
  const connected = await once(socket, 'connect').then(
    () => true,
    () => false,
  )
  socket.destroy()
  return connected
}

/** Ports nobody listens on now (held together so that they differ). */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer().listen(0, '127.0.0.1'))
  await Promise.all(servers.map((server) => once(server, 'listening')))
  const ports = servers.map((server) => (server.address() as AddressInfo).port)
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))))
  return ports
}

const marks: string[] = []

/** Starts a tool as `npm run` does (tsx), in a process group of its own, as a terminal would. */
function start(script: string, args: string[], env: Record<string, string>) {
  const mark = randomUUID()
  marks.push(mark)
  const child = spawn(process.execPath, [tsx, script, ...args], {
    cwd: root,
    env: { ...process.env, ...env, [MARK]: mark },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const waiting: Array<() => void> = []
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      for (const check of waiting) check()
    })
  }
  const exit = once(child, 'exit').then(([code, signal]) => ({ code, signal, output }))
  return {
    mark,
    pid: child.pid!,
    exit,
    /** Resolves once the tool has printed `text`; fails if it exits first. */
    printed: (text: string) =>
      Promise.race([
        new Promise<void>((done) => {
          const check = () => output.includes(text) && done()
          waiting.push(check)
          check()
        }),
        exit.then(() => Promise.reject(new Error(`exited before printing ${text}:\n${output}`))),
      ]),
  }
}

/** Sends `signal` as a terminal's Ctrl+C does (to the whole group) or as `kill` does (to the tool). */
function interrupt(run: { pid: number; mark: string }, signal: 'SIGINT' | 'SIGTERM') {
  // The probe sees what the tool started: its browser is up.
  expect(marked(run.mark).some((process) => /chrom/.test(process))).toBe(true)
  process.kill(signal === 'SIGINT' ? -run.pid : run.pid, signal)
}

async function expectNothingLeft(mark: string, ports: number[]) {
  // Killed processes (a browser's helpers) take a moment to go; a server left running never does.
  await vi.waitFor(() => expect(marked(mark)).toEqual([]), { timeout: 5000, interval: 100 })
  for (const port of ports) expect(await listening(port), `port ${port}`).toBe(false)
}

const out = mkdtempSync(path.join(tmpdir(), 'shots-'))

beforeAll(() => {
  expect(existsSync(path.join(root, 'dist/index.html')), 'dist/ is missing: run `npm run build` first').toBe(true)
})

afterEach(() => {
  // A failed run must not leave its processes to the next one.
  for (const line of marks.splice(0).flatMap(marked)) process.kill(Number(line.split(' ')[0]), 'SIGKILL')
})

afterAll(() => rmSync(out, { recursive: true, force: true }))

describe('npm run shots', { timeout: 60_000 }, () => {
  const shots = async (pages: string) => {
    const [site, stack] = (await freePorts(2)) as [number, number]
    const env = { SHOTS_PORT: String(site), SHOTS_STACK_PORT: String(stack), SHOTS_WIDTHS: '390' }
    return { run: start('src/build/shots.ts', ['--no-build', '--pages', pages, '--out', out], env), ports: [site, stack] }
  }

  it('stops its site, stack and browser when it is done', async () => {
    const { run, ports } = await shots('/')
    const { code, output } = await run.exit
    expect(code, output).toBe(0)
    expect(readdirSync(out).sort()).toEqual(['Pages-at-390-px.png', 'index.html'])
    await expectNothingLeft(run.mark, ports)
  })

  it.each([
    ['Ctrl+C', 'SIGINT', 130],
    ['kill', 'SIGTERM', 143],
  ] as const)('stops them after a %s in the middle of its work', async (_, signal, status) => {
    const { run, ports } = await shots('/,/en')
    await run.printed('Shooting')
    interrupt(run, signal)
    const { code, output } = await run.exit
    expect(code, output).toBe(status)
    await expectNothingLeft(run.mark, ports)
  })
})

describe('npm run bench:web', { timeout: 60_000 }, () => {
  const bench = async (args: string[]) => {
    const [site] = (await freePorts(1)) as [number]
    return { run: start('src/build/bench-web.ts', ['--no-build', ...args], { PORT: String(site) }), ports: [site] }
  }

  it('stops its site and browser when it is done', async () => {
    const { run, ports } = await bench(['--dry-run'])
    const { code, output } = await run.exit
    expect(code, output).toBe(0)
    expect(output).toContain('Would audit')
    await expectNothingLeft(run.mark, ports)
  })

  it.each([
    ['Ctrl+C', 'SIGINT', 130],
    ['kill', 'SIGTERM', 143],
  ] as const)('stops them after a %s in the middle of an audit', async (_, signal, status) => {
    const { run, ports } = await bench(['--pages', '/', '--runs', '1'])
    await run.printed('Auditing')
    interrupt(run, signal)
    const { code, output } = await run.exit
    expect(code, output).toBe(status)
    await expectNothingLeft(run.mark, ports)
  })
})
