import { describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor } from 'xstate'
import { type DemoFormContext, type DemoFormEvent, demoFormMachine, emptyValues, firstInvalid, visibleProblems } from '../../machines/demo-form.machine'
import { DEMO_FIELDS, type DemoRequestBody, type DemoResponse, demoFieldTable } from '../../supabase/functions/_shared/demo-request'
import { botCheckToken } from '../../machines/bot-check'
import { connectDemoForm } from '../../src/features/demo/connect'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { storedFields } from '../demo-samples'
import { demoFormEvents, demoFormLabel, invalidValues, serializeDemoForm, validValues } from './demo-form.model'

const labels = { submit: 'Book demo', sending: 'Sending...' }

function startDemoForm({ schemaLoaded = false } = {}) {
  const send = controllablePromise<DemoResponse, DemoRequestBody>()
  const loadSchema = controllablePromise<void>()
  const effects = {
    notifySuccess: vi.fn(),
    notifyFailure: vi.fn(),
    focusField: vi.fn(),
    resetFields: vi.fn(),
    resetBotCheck: vi.fn(),
    loadBotCheck: vi.fn(),
  }
  const actor = createActor(
    demoFormMachine.provide({
      actors: { sendDemoRequest: send.logic, loadSchema: loadSchema.logic },
      actions: {
        notifySuccess: effects.notifySuccess,
        notifyFailure: (_, params) => effects.notifyFailure(params),
        focusField: (_, { field }) => effects.focusField(field),
        resetFields: effects.resetFields,
        resetBotCheck: effects.resetBotCheck,
        loadBotCheck: effects.loadBotCheck,
      },
    }),
    { input: { language: 'en' } },
  ).start()
  if (schemaLoaded) actor.send({ type: 'schema.loaded' })
  return { actor, send, loadSchema, effects }
}

testMachinePaths(
  'demoForm machine',
  demoFormMachine,
  { events: demoFormEvents, serialize: serializeDemoForm, label: demoFormLabel },
  {
    start: () => startDemoForm(),
    execute: async ({ actor, send, loadSchema, effects }, event, from) => {
      for (const effect of Object.values(effects)) effect.mockClear()
      const before = from.context as DemoFormContext
      const runs = send.runs.length
      if (event.type === 'xstate.done.actor.loadSchema' || event.type === 'xstate.error.actor.loadSchema') {
        await applyOutcome(event, { loadSchema })
        // Loaded: the submit is taken again, with every problem known. Not loaded: nothing is sent.
        const loaded = event.type.startsWith('xstate.done')
        const wrong = loaded ? firstInvalid(actor.getSnapshot().context.problems) : undefined
        expect(send.runs.length - runs).toBe(loaded && !wrong ? 1 : 0)
        expect(effects.focusField.mock.calls).toEqual(wrong ? [[wrong]] : [])
        expect(effects.notifyFailure).toHaveBeenCalledTimes(loaded ? 0 : 1)
        return
      }
      if (await applyOutcome(event, { sendDemoRequest: send })) {
        const output = event.type.startsWith('xstate.done') ? (event as unknown as { output: DemoResponse }).output : undefined
        const accepted = output?.ok === true
        expect(effects.notifySuccess).toHaveBeenCalledTimes(accepted ? 1 : 0)
        // A refusal names its reason (the bot check's has a sentence of its own); no answer, none.
        expect(effects.notifyFailure.mock.calls).toEqual(accepted ? [] : [[output && !output.ok ? { code: output.error } : {}]])
        // The request spent the token: the widget is asked for the next one.
        expect(effects.resetBotCheck).toHaveBeenCalledOnce()
        expect(actor.getSnapshot().context.botCheck).toBe(before.botCheck === 'off' ? 'off' : 'pending')
        // Cleared on success, kept as typed on failure.
        expect(actor.getSnapshot().context.values).toEqual(accepted ? emptyValues : before.values)
        // The page's fields are emptied with the machine's.
        expect(effects.resetFields).toHaveBeenCalledTimes(accepted ? 1 : 0)
        return
      }
      actor.send(event as DemoFormEvent)
      if ((event.type === 'botCheck.passed' || event.type === 'botCheck.failed') && from.matches('checkingBot')) {
        // The token (or the widget's failure) came: the submit that waited goes out, with it.
        expect(send.runs.length).toBe(runs + 1)
        const token = (event as { token?: string }).token
        expect(send.runs.at(-1)!.input.captcha_token).toBe(token)
        expect('captcha_token' in send.runs.at(-1)!.input).toBe(token !== undefined)
        return
      }
      if (event.type !== 'form.submit') return
      if (!before.schemaReady) {
        // Before the schema has loaded, a submit waits for it.
        expect(loadSchema.runs).toHaveLength(1)
        expect(send.runs.length).toBe(runs)
        return
      }
      const firstWrong = DEMO_FIELDS.find((f) => before.problems[f])
      if (firstWrong) {
        // Invalid input never leaves the browser; focus goes to the first wrong field.
        expect(send.runs.length).toBe(runs)
        expect(effects.focusField).toHaveBeenCalledExactlyOnceWith(firstWrong)
      } else if (before.botCheck === 'pending') {
        // Valid, but the bot check has no token yet: nothing goes out until it has; the widget
        // loads now, in case nothing reached the form before (typed while the page started).
        expect(send.runs.length).toBe(runs)
        expect(effects.loadBotCheck).toHaveBeenCalledOnce()
        expect(effects.focusField).not.toHaveBeenCalled()
      } else {
        // The request goes out once, normalised, every field of the table in it, in the visitor's
        // language, with the bot check's token when there is one.
        const token = botCheckToken(before.botCheck)
        expect(send.runs.length).toBe(runs + 1)
        expect(send.runs.at(-1)!.input).toStrictEqual({
          ...storedFields(before.values),
          language: 'en',
          website: '',
          ...(token === undefined ? {} : { captcha_token: token }),
        })
        expect(effects.focusField).not.toHaveBeenCalled()
      }
    },
    verify: ({ actor }, planned: AnyMachineSnapshot) => {
      const snapshot = actor.getSnapshot()
      const expected = planned.context as DemoFormContext
      expect(snapshot.value).toEqual(planned.value)
      expect(snapshot.context.values).toEqual(expected.values)
      expect(visibleProblems(snapshot.context)).toEqual(visibleProblems(expected))
      expect(snapshot.context.schemaReady).toBe(expected.schemaReady)
      expect(snapshot.context.botCheck).toEqual(expected.botCheck)
      const sending = planned.value === 'submitting'
      // While the checks load or the bot check's token is awaited after a submit, the button waits
      // too; the fields stay editable.
      const checking = planned.value === 'validating' || planned.value === 'checkingBot'
      const busy = sending || checking
      expect(snapshot.hasTag('busy')).toBe(sending)
      expect(snapshot.hasTag('checking')).toBe(checking)
      // A second submit while one is in flight is not possible.
      expect(snapshot.can({ type: 'form.submit' })).toBe(!busy)
      const api = connectDemoForm(snapshot, actor.send, labels)
      expect(api.submitProps['aria-disabled']).toBe(busy)
      expect(api.submitLabel).toBe(busy ? 'Sending...' : 'Book demo')
      expect(api.formProps['data-state']).toBe(planned.value)
      for (const { name: field, kind } of demoFieldTable) {
        const props = api.getFieldProps(field)
        const shown = visibleProblems(expected)[field]
        expect(props['aria-invalid']).toBe(shown ? true : undefined)
        expect(props['aria-describedby']?.includes(`demo-${field}-error`) ?? false).toBe(Boolean(shown))
        expect(api.getErrorProps(field)['aria-live']).toBe('polite')
        // A select has no read-only state.
        if (kind !== 'need') expect((props as { readOnly?: boolean }).readOnly).toBe(sending)
      }
    },
    stop: ({ actor }) => actor.stop(),
  },
)

describe('demoForm machine, beyond the paths', () => {
  it('ignores a second submit while the first is in flight', () => {
    const { actor, send } = startDemoForm({ schemaLoaded: true })
    for (const [field, value] of Object.entries(validValues)) actor.send({ type: 'field.change', field: field as never, value })
    actor.send({ type: 'form.submit' })
    actor.send({ type: 'form.submit' })
    expect(send.runs).toHaveLength(1)
    expect(actor.getSnapshot().value).toBe('submitting')
  })

  it('sends what the fields held at the submit, and keeps what they hold after a failure', async () => {
    const { actor, send } = startDemoForm({ schemaLoaded: true })
    for (const [field, value] of Object.entries(validValues)) actor.send({ type: 'field.change', field: field as never, value })
    actor.send({ type: 'form.submit' })
    // The select has no read-only state: a change while sending is the field's, kept for a retry.
    actor.send({ type: 'field.change', field: 'need', value: 'content' })
    expect(send.runs.at(-1)!.input.need).toBe(validValues.need)
    send.reject(new Error('offline'))
    await new Promise((resolve) => setImmediate(resolve))
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.values).toEqual({ ...validValues, need: 'content', website: '' })
  })

  it('keeps what is typed before its schema has loaded, and sends it once the schema is there', async () => {
    const { actor, send, loadSchema } = startDemoForm()
    for (const [field, value] of Object.entries(validValues)) actor.send({ type: 'field.change', field: field as never, value })
    expect(actor.getSnapshot().context.values).toEqual({ ...validValues, website: '' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().value).toBe('validating')
    expect(send.runs).toHaveLength(0)
    loadSchema.resolve()
    await new Promise((resolve) => setImmediate(resolve))
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(send.runs).toHaveLength(1)
  })

  it('sends the honeypot as it was filled in (the server drops such requests)', () => {
    const { actor, send } = startDemoForm({ schemaLoaded: true })
    for (const [field, value] of Object.entries(validValues)) actor.send({ type: 'field.change', field: field as never, value })
    actor.send({ type: 'field.change', field: 'website', value: 'http://spam.example' })
    actor.send({ type: 'form.submit' })
    expect(send.runs.at(-1)!.input.website).toBe('http://spam.example')
  })

  it('names each invalid example by the problem the schema gives it', () => {
    const { actor } = startDemoForm({ schemaLoaded: true })
    for (const [field, value] of Object.entries(validValues)) actor.send({ type: 'field.change', field: field as never, value })
    for (const [field, { value, problem }] of Object.entries(invalidValues)) {
      actor.send({ type: 'field.change', field: field as never, value })
      expect(actor.getSnapshot().context.problems).toEqual({ [field]: problem })
      actor.send({ type: 'field.change', field: field as never, value: validValues[field as keyof typeof validValues] })
    }
  })

  it('a submit after a failure waits for the next token, then goes out with it; each token is sent once', async () => {
    const { actor, send, effects } = startDemoForm({ schemaLoaded: true })
    actor.send({ type: 'botCheck.started' })
    for (const [field, value] of Object.entries(validValues)) actor.send({ type: 'field.change', field: field as never, value })
    actor.send({ type: 'botCheck.passed', token: 'first' })
    actor.send({ type: 'form.submit' })
    expect(send.runs.at(-1)!.input.captcha_token).toBe('first')
    send.resolve({ ok: false, error: 'bot_check_failed' })
    await new Promise((resolve) => setImmediate(resolve))
    expect(actor.getSnapshot().value).toBe('failed')
    expect(effects.notifyFailure).toHaveBeenCalledExactlyOnceWith({ code: 'bot_check_failed' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().value).toBe('checkingBot')
    expect(send.runs).toHaveLength(1)
    actor.send({ type: 'botCheck.passed', token: 'second' })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(send.runs).toHaveLength(2)
    expect(send.runs.at(-1)!.input).toMatchObject({ name: validValues.name, captcha_token: 'second' })
  })

  it('defaults to Norwegian when no language is given', () => {
    const actor = createActor(demoFormMachine, { input: {} }).start()
    expect(actor.getSnapshot().context.language).toBe('nb')
  })
})
