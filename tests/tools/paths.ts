import { writeFileSync } from 'node:fs'
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate'
import { type MachineModel, machineModels } from '../model/catalogue'
import { coverageOf, describeEvent, type PlannedPath, planPaths, stateIdsOf, transitionIdsOf } from '../model/paths'

// npm run paths                                   one line per machine: states, events, transitions, paths
// npm run paths -- <machine> [--simple] [--format md|json]
// npm run paths -- --all --format md --out FILE   a test plan: every machine's paths with coverage

type Format = 'text' | 'md' | 'json'

const stateValue = (snapshot: AnyMachineSnapshot): string => {
  const flatten = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([key, child]) => `${key}.${flatten(child)}`)
          .join(', ')
  return flatten(snapshot.value)
}

const stateDescription = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot) =>
  (snapshot._nodes as AnyStateNode[])
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.description)
    .filter(Boolean)
    .join(' ') || machine.root.description || ''

const eventDescription = (machine: AnyStateMachine, from: AnyMachineSnapshot, event: EventObject) =>
  machine
    .getTransitionData(from as never, event as never)
    .map((transition) => (transition as { description?: string }).description)
    .filter(Boolean)
    .join(' ')

export function plansOf(model: MachineModel, simple: boolean): PlannedPath[] {
  const options = { ...model.options, simple: simple && 'simple' in model.options && model.options.simple === true }
  return model.options.inputs ? model.options.inputs.flatMap((input) => planPaths(model.machine, { ...options, input })) : planPaths(model.machine, options)
}

export function eventTypesOf(machine: AnyStateMachine): string[] {
  const types = new Set<string>()
  const walk = (node: AnyStateNode) => {
    for (const type of node.transitions.keys()) types.add(type)
    for (const child of Object.values(node.states)) walk(child as AnyStateNode)
  }
  walk(machine.root)
  return [...types]
}

/** The JSON form: stable keys, one entry per path, each step with its meaning. */
export function pathsAsJson(name: string, model: MachineModel, simple: boolean) {
  const plans = plansOf(model, simple)
  const coverage = coverageOf(model.machine, plans)
  return {
    machine: name,
    description: model.machine.root.description ?? null,
    paths: plans.map((plan, index) => ({
      number: index + 1,
      kind: plan.kind,
      name: plan.name,
      start: { state: stateValue(plan.initial), description: stateDescription(model.machine, plan.initial) },
      steps: plan.steps.map((step) => ({
        from: stateValue(step.from),
        event: step.event,
        eventText: describeEvent(step.event),
        meaning: eventDescription(model.machine, step.from, step.event) || null,
        to: stateValue(step.to),
        toDescription: stateDescription(model.machine, step.to) || null,
      })),
    })),
    coverage: {
      states: { total: coverage.states.covered.length + coverage.states.missing.length, missing: coverage.states.missing },
      transitions: { total: coverage.transitions.covered.length + coverage.transitions.missing.length, missing: coverage.transitions.missing },
    },
  }
}

function render(doc: ReturnType<typeof pathsAsJson>, format: Format): string {
  const lines: string[] = []
  const md = format === 'md'
  lines.push(md ? `## ${doc.machine}` : `${doc.machine}`)
  if (doc.description) lines.push(md ? `\n${doc.description}\n` : doc.description)
  const { states, transitions } = doc.coverage
  lines.push(
    `Coverage: ${states.total - states.missing.length}/${states.total} states, ${transitions.total - transitions.missing.length}/${transitions.total} transitions${
      states.missing.length + transitions.missing.length ? ` (missing: ${[...states.missing, ...transitions.missing].join(', ')})` : ''
    }`,
  )
  for (const path of doc.paths) {
    lines.push(md ? `\n### Path ${path.number} (${path.kind})\n` : `\nPath ${path.number} (${path.kind})`)
    lines.push(`${md ? '1. ' : '  0. '}Start in **${path.start.state}**${path.start.description ? ` — ${path.start.description}` : ''}`.replace(/\*\*/g, md ? '**' : ''))
    path.steps.forEach((step, i) => {
      const meaning = step.meaning ? ` (${step.meaning})` : ''
      const text = `${md ? `${i + 2}. ` : `  ${i + 1}. `}In ${step.from}: ${step.eventText}${meaning} → ${step.to}`
      lines.push(text)
    })
  }
  return lines.join('\n')
}

function summary(): string {
  const header = ['machine', 'states', 'events', 'transitions', 'shortest', 'simple', 'tested paths']
  const rows = Object.entries(machineModels).map(([name, model]) => {
    const plans = plansOf(model, true)
    const count = (kind: PlannedPath['kind']) => plans.filter((p) => p.kind === kind).length
    return [
      name,
      String(stateIdsOf(model.machine).length),
      String(eventTypesOf(model.machine).length),
      String(transitionIdsOf(model.machine).length),
      String(count('shortest')),
      'simple' in model.options && model.options.simple ? String(count('simple')) : '–',
      String(plans.length),
    ]
  })
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  return [line(header), ...rows.map(line), '', '"simple" is walked only for machines whose tests ask for it; "tested paths" adds transition-covering paths.'].join('\n')
}

function main(argv: string[]) {
  const flag = (name: string) => argv.includes(name)
  const value = (name: string) => {
    const i = argv.indexOf(name)
    return i >= 0 ? argv[i + 1] : undefined
  }
  const format = (value('--format') ?? 'text') as Format
  const simple = flag('--simple')
  const name = argv.find((arg, i) => !arg.startsWith('--') && !['--format', '--out'].includes(argv[i - 1] ?? ''))
  if (flag('--all')) {
    const docs = Object.entries(machineModels).map(([n, model]) => pathsAsJson(n, model, simple))
    const out =
      format === 'json'
        ? JSON.stringify(docs, null, 2)
        : `# Test plan: paths through every machine\n\nGenerated by \`npm run paths -- --all\` from the machines' graphs; the model-based tests run these same paths.\n\n${docs.map((d) => render(d, 'md')).join('\n\n')}\n`
    const file = value('--out')
    if (file) {
      writeFileSync(file, out)
      console.log(`wrote ${docs.length} machines to ${file}`)
    } else console.log(out)
    return
  }
  if (!name) {
    console.log(summary())
    return
  }
  const model = (machineModels as Record<string, MachineModel>)[name]
  if (!model) {
    console.error(`No machine "${name}". Known: ${Object.keys(machineModels).join(', ')}`)
    process.exit(2)
  }
  const doc = pathsAsJson(name, model, simple)
  console.log(format === 'json' ? JSON.stringify(doc, null, 2) : render(doc, format))
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2))
