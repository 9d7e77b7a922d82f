import { afterEach, beforeEach, expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type CompanyLookupEvent, companyLookupMachine, LOOKUP_PAUSE_MS } from '../../machines/company-lookup.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { timerFakes } from '../model/paths'
import { testMachinePaths } from '../model/run'

beforeEach(() => vi.useFakeTimers(timerFakes))
afterEach(() => vi.useRealTimers())

testMachinePaths('companyLookup machine', companyLookupMachine, machineModels.companyLookup.options, {
  start: () => {
    const fakes = { lookUp: controllablePromise<unknown, { orgNumber: string }>() }
    const actor = createActor(companyLookupMachine.provide({ actors: { lookUp: fakes.lookUp.logic as never } })).start()
    return { actor, fakes }
  },
  execute: async ({ actor, fakes }, event) => {
    if (await applyOutcome(event, fakes)) return
    if (event.type.startsWith('xstate.after.')) {
      // The register is asked only once the typing has paused, once, for the number's digits.
      const asked = fakes.lookUp.runs.length
      vi.advanceTimersByTime(LOOKUP_PAUSE_MS - 1)
      expect(fakes.lookUp.runs).toHaveLength(asked)
      vi.advanceTimersByTime(1)
      expect(fakes.lookUp.runs).toHaveLength(asked + 1)
      expect(fakes.lookUp.runs.at(-1)!.input).toEqual({ orgNumber: actor.getSnapshot().context.orgNumber })
      return
    }
    actor.send(event as CompanyLookupEvent)
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context.orgNumber).toBe(planned.context.orgNumber)
    // A company shows only while found.
    expect(snapshot.context.company !== null).toBe(snapshot.matches('found'))
  },
  stop: ({ actor }) => actor.stop(),
})
