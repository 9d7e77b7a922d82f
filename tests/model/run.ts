import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate'
import { describe, expect, it } from 'vitest'
import { coverageOf, type PathOptions, type PlannedPath, planPaths } from './paths'

export interface ModelHarness<Ctx> {
  /** Starts a fresh system under test: a real actor, or a rendered view. */
  start: (plan: PlannedPath) => Ctx | Promise<Ctx>
  /** Performs one event the way its level does it: `actor.send`, a user action, a clock tick. */
  execute: (ctx: Ctx, event: EventObject, from: AnyMachineSnapshot) => unknown
  /** Checks the system shows the planned state. */
  verify: (ctx: Ctx, planned: AnyMachineSnapshot) => unknown
  stop?: (ctx: Ctx) => unknown
}

/**
 * Model-based tests: one test per path the machine's graph yields, replayed against the harness,
 * then a test that the paths reach every state node and take every transition.
 */
export function testMachinePaths<Ctx>(
  title: string,
  machine: AnyStateMachine,
  options: PathOptions & { inputs?: unknown[] },
  harness: ModelHarness<Ctx>,
) {
  // A machine that starts from its input is walked once per input; coverage counts them together.
  const plans = options.inputs
    ? options.inputs.flatMap((input) => planPaths(machine, { ...options, input }))
    : planPaths(machine, options)
  describe(title, () => {
    for (const plan of plans) {
      it(plan.name, async () => {
        const ctx = await harness.start(plan)
        try {
          await harness.verify(ctx, plan.initial)
          for (const step of plan.steps) {
            await harness.execute(ctx, step.event, step.from)
            await harness.verify(ctx, step.to)
          }
        } finally {
          await harness.stop?.(ctx)
        }
      })
    }
    it('reaches every state and takes every transition', () => {
      const coverage = coverageOf(machine, plans)
      expect(coverage.states.missing, 'states never reached').toEqual([])
      expect(coverage.transitions.missing, 'transitions never taken').toEqual([])
    })
  })
}
