import { expect, type Mock, vi } from 'vitest'
import { type AnyMachineSnapshot, type AnyStateMachine, createActor, type EventObject, type StateValue } from 'xstate'
import { type BotCheckState, botCheckToken, isBotCheckPending } from '../../machines/bot-check'
import { formOf } from '../../machines/form'
import { firstInvalid } from '../../machines/form-fields'
import { applyOutcome, controllablePromise } from './fake-actors'
import type { MachineModel } from './catalogue'
import { testMachinePaths } from './run'

/** A form machine's context, as the kit keeps it. */
export interface KitContext {
  values: Record<string, string>
  problems: Record<string, string>
  shown: string[]
  refused: Record<string, string>
  schemaReady: boolean
  botCheck: BotCheckState
  failure: unknown
  sent: unknown
}

/** One step of a path, as a form's own checks see it. */
export interface FormStep {
  event: EventObject
  from: AnyMachineSnapshot
  /** The context before the step. */
  context: KitContext
  /** The snapshot after it. */
  now: AnyMachineSnapshot
  /** The form's effects (its actions), each called with its params. */
  effects: Record<string, Mock>
  /** The inputs of each actor's runs started by the step. */
  started: (actor: string) => unknown[]
}

export interface FormSpec {
  /** The request's actor, and what a valid submit sends with `values` (the bot check's token aside). */
  request: { actor: string; input: (values: Record<string, string>, context: KitContext) => unknown }
  /** Other actors whose runs the paths settle. */
  actors?: string[]
  /** The form's own actions the test watches (focus, the failure's notice and the bot check's are
   * always watched). */
  effects?: string[]
  /** States besides `editing` that take a submit. */
  submitFrom?: StateValue[]
  /** States where the form waits for an answer (the `busy` tag), and where a submit waits for the
   * schema or the bot check's token (`checking`). */
  busy: StateValue[]
  checking: StateValue[]
  /** What else a step must have done. */
  after?: (step: FormStep) => void
}

const matchesAny = (snapshot: AnyMachineSnapshot, states: StateValue[]) => states.some((state) => snapshot.matches(state as never))

/**
 * The model-based paths of a form built with the form kit (machines/form.ts), replayed against a
 * real actor with stand-ins for its actors and effects. Every form is held to the kit's promises:
 * a submit before the schema waits for it; an invalid one sends nothing and focuses the first wrong
 * field; a valid one sends the request once (with the bot check's token, or waits for it and loads
 * the widget); an answer spends the token. `spec` adds the form's own.
 */
export function testFormPaths(title: string, model: MachineModel, spec: FormSpec) {
  const machine = model.machine as AnyStateMachine
  const form = formOf(machine)
  if (!form) throw new Error(`${title}: not a machine of the form kit`)
  const actorNames = [spec.request.actor, ...(spec.actors ?? []), ...(form.schema ? ['loadSchema'] : [])]
  const effectNames = ['focusField', 'notifyFailure', 'resetBotCheck', 'loadBotCheck', ...(spec.effects ?? [])]
  const takesSubmit = (snapshot: AnyMachineSnapshot) => matchesAny(snapshot, [...(spec.submitFrom ?? []), 'editing', { open: 'editing' }])

  testMachinePaths(title, machine, model.options, {
    start: (plan) => {
      const fakes = Object.fromEntries(actorNames.map((name) => [name, controllablePromise<unknown, unknown>()]))
      const effects: Record<string, Mock> = Object.fromEntries(effectNames.map((name) => [name, vi.fn()]))
      const provided = machine.provide({
        actors: Object.fromEntries(actorNames.map((name) => [name, fakes[name]!.logic])),
        actions: Object.fromEntries(effectNames.map((name) => [name, (_: unknown, params: unknown) => effects[name]!(params)])),
      } as never)
      // A form started from its input (an account's address) starts from the plan's.
      const input = model.options.input ?? (model.options.inputs ? plan.initial.context : undefined)
      const actor = createActor(provided, { input } as never).start()
      return { actor, fakes, effects }
    },
    execute: async ({ actor, fakes, effects }, event, from) => {
      for (const effect of Object.values(effects)) effect.mockClear()
      const context = from.context as KitContext
      const runs = Object.fromEntries(actorNames.map((name) => [name, fakes[name]!.runs.length]))
      const started = (name: string) => (fakes[name]?.runs.slice(runs[name]) ?? []).map((run) => run.input)
      const requests = () => started(spec.request.actor)
      /** A submit taken with the schema at hand, from `checked` (its problems known); `waited`, the
       * bot check's report it waited for. */
      const expectSubmit = (checked: KitContext, waited?: { token?: string }) => {
        const wrong = firstInvalid(form.fields, checked.problems)
        if (wrong) {
          // Nothing is sent; focus moves to the first wrong field.
          expect(requests()).toEqual([])
          expect(effects.focusField!.mock.calls).toEqual([[{ field: wrong }]])
        } else if (form.botCheck && !waited && isBotCheckPending(checked.botCheck)) {
          // Valid, but the bot check has no token yet: nothing goes out, the widget loads.
          expect(requests()).toEqual([])
          expect(effects.loadBotCheck).toHaveBeenCalledOnce()
        } else {
          // Sent once, as the schema made it, with the bot check's token (none when it failed).
          const request = spec.request.input(checked.values, checked)
          const token = waited ? waited.token : botCheckToken(checked.botCheck)
          expect(requests()).toStrictEqual([form.botCheck ? { ...(request as object), captchaToken: token } : request])
        }
      }
      const settled = await applyOutcome(event, fakes)
      if (!settled) actor.send(event)
      const now = actor.getSnapshot()
      if (settled && form.botCheck && event.type.endsWith(`.${spec.request.actor}`)) {
        // The request spent the token: the widget is asked for the next one.
        expect(effects.resetBotCheck).toHaveBeenCalledOnce()
      }
      if (event.type === 'xstate.done.actor.loadSchema') expectSubmit(now.context as KitContext)
      if (event.type === 'form.submit' && takesSubmit(from)) {
        if (context.schemaReady) expectSubmit(context)
        else {
          // Before the schema has loaded, a submit waits for it.
          expect(started('loadSchema')).toHaveLength(1)
          expect(requests()).toEqual([])
        }
      }
      if ((event.type === 'botCheck.passed' || event.type === 'botCheck.failed') && matchesAny(from, ['checkingBot', { open: 'checkingBot' }])) {
        // The token (or the widget's failure) came: the submit that waited goes out with it.
        expectSubmit(context, { token: (event as { token?: string }).token })
      }
      spec.after?.({ event, from, context, now, effects, started })
    },
    verify: ({ actor }, planned) => {
      const snapshot = actor.getSnapshot()
      const expected = planned.context as KitContext
      expect(snapshot.value).toEqual(planned.value)
      const context = snapshot.context as KitContext
      expect(context.values).toEqual(expected.values)
      expect(context.shown).toEqual(expected.shown)
      expect(context.refused).toEqual(expected.refused)
      expect(context.schemaReady).toBe(expected.schemaReady)
      expect(context.botCheck).toEqual(expected.botCheck)
      expect(snapshot.hasTag('busy')).toBe(matchesAny(planned, spec.busy))
      expect(snapshot.hasTag('checking')).toBe(matchesAny(planned, spec.checking))
    },
    stop: ({ actor }) => actor.stop(),
  })
}
