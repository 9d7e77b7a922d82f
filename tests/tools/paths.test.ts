import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { machineModels } from '../model/catalogue'
import { pathsAsJson } from './paths'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** States and transitions counted straight from a machine's config, independently of the tool. */
function countConfig(config: { states?: Record<string, unknown>; on?: Record<string, unknown>; after?: Record<string, unknown> }): {
  states: number
  transitions: number
} {
  const branches = (value: unknown) => (Array.isArray(value) ? value.length : 1)
  let states = 1
  let transitions = 0
  for (const value of Object.values(config.on ?? {})) transitions += branches(value)
  for (const value of Object.values(config.after ?? {})) transitions += branches(value)
  const invoke = (config as { invoke?: { onDone?: unknown; onError?: unknown } }).invoke
  if (invoke?.onDone) transitions += branches(invoke.onDone)
  if (invoke?.onError) transitions += branches(invoke.onError)
  for (const child of Object.values(config.states ?? {})) {
    const counted = countConfig(child as never)
    states += counted.states
    transitions += counted.transitions
  }
  return { states, transitions }
}

describe('npm run paths', () => {
  it('reports for the header machine the states and transitions its config has', () => {
    const doc = pathsAsJson('header', machineModels.header, false)
    const counted = countConfig(machineModels.header.machine.config as never)
    expect(doc.coverage.states.total).toBe(counted.states)
    expect(doc.coverage.transitions.total).toBe(counted.transitions)
    expect(doc.coverage.states.missing).toEqual([])
  })

  it('reports for the login form the states and transitions its config has', () => {
    const doc = pathsAsJson('loginForm', machineModels.loginForm, false)
    const counted = countConfig(machineModels.loginForm.machine.config as never)
    expect(doc.coverage.states.total).toBe(counted.states)
    expect(doc.coverage.transitions.total).toBe(counted.transitions)
  })

  it('prints JSON that parses back to the same document', () => {
    const printed = execFileSync('npx', ['tsx', 'tests/tools/paths.ts', 'checkout', '--format', 'json'], { cwd: root, encoding: 'utf8' })
    const parsed = JSON.parse(printed)
    expect(parsed).toEqual(JSON.parse(JSON.stringify(pathsAsJson('checkout', machineModels.checkout, false))))
    expect(parsed.paths[0]).toMatchObject({ number: 1, kind: 'shortest', start: { state: 'checkingPlan' } })
    expect(parsed.paths.flatMap((p: { steps: unknown[] }) => p.steps).every((s: { meaning: string | null }) => s.meaning)).toBe(true)
  })

  it('covers every machine in machines/, each with its model-based test', () => {
    const files = readdirSync(path.join(root, 'machines'))
      .filter((file) => file.endsWith('.machine.ts'))
      .map((file) => file.replace('.machine.ts', ''))
    const catalogued = Object.values(machineModels).map((model) => model.file)
    expect([...catalogued].sort()).toEqual([...files].sort())
    for (const file of files) expect(existsSync(path.join(root, 'tests/machines', `${file}.test.ts`)), `tests/machines/${file}.test.ts`).toBe(true)
  })

  it('gives every state and every transition of every machine a description', () => {
    const undescribed: string[] = []
    for (const [name, model] of Object.entries(machineModels)) {
      const walk = (node: { id: string; description?: string; states: Record<string, unknown>; transitions: Map<string, Array<{ description?: string }>> }) => {
        if (!node.description) undescribed.push(`${name}: state ${node.id}`)
        for (const [event, branches] of node.transitions)
          branches.forEach((branch, i) => {
            if (!branch.description) undescribed.push(`${name}: ${node.id} on ${event}[${i}]`)
          })
        for (const child of Object.values(node.states)) walk(child as never)
      }
      walk(model.machine.root as never)
    }
    expect(undescribed).toEqual([])
  })
})
