// The demoForm model: which events the graph walk may send from a snapshot, and how states are
// told apart. Shared by the machine test and the view test, so both walk the same paths.
import type { AnyMachineSnapshot } from 'xstate'
import { type DemoFormContext, type DemoFormEvent, type DemoInput, visibleProblems } from '../../machines/demo-form.machine'
import { DEMO_FIELDS, type DemoField, type DemoResponse } from '../../supabase/functions/_shared/demo-request'
import { invalidValues, validValues } from '../demo-samples'
import { outcome } from '../model/fake-actors'

/** What a visitor types to get each field right, and one way to get each wrong: derived from the
 * field table by each field's kind (tests/demo-samples.ts). */
export { invalidValues, validValues }

export const accepted: DemoResponse = { ok: true }
export const refused: DemoResponse = { ok: false, error: 'rate_limited' }
/** The function's answer to a missing, refused or spent bot-check token. */
export const botCheckRefusal: DemoResponse = { ok: false, error: 'bot_check_failed' }
/** A token the bot check's widget hands over. */
export const botCheckPass = '0.local.demo-token'

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as DemoFormContext
const firstProblem = (context: DemoFormContext) => DEMO_FIELDS.find((field) => context.problems[field])
const isEmpty = (context: DemoFormContext) => Object.values(context.values).every((value) => value === '')

const change = (field: DemoField, value: string): DemoFormEvent => ({ type: 'field.change', field, value })

/**
 * The events offered, chosen so the paths stay few and readable while every state and transition
 * is reached:
 * - while sending: the function's three outcomes (stored, refused, unreachable);
 * - on the main line (no problem showing yet): filling in the next field with a right value, in
 *   the form's order; a submit while something is wrong, and, on an empty form or after a
 *   failure, leaving the first wrong field; once everything is filled in: a submit, and (in
 *   `editing`) getting each field wrong in turn; after a failure, getting the e-mail wrong;
 * - once problems show (after leaving a field or a submit): in `editing` after a submit, fixing
 *   the first wrong field until none is left; nothing else;
 * - the bot check, as a line of its own: with everything filled in (in `editing`), its widget
 *   starts; then a submit, and the widget's reports that matter where the form is (its token or
 *   its failure while one is awaited, the token's expiry while one is held); while sending, the
 *   function stores or refuses the check; after that the form fills in and submits again.
 */
export function demoFormEvents(snapshot: AnyMachineSnapshot): DemoFormEvent[] {
  if (snapshot.matches('validating')) {
    return [outcome.done('loadSchema'), outcome.error('loadSchema', { message: 'Failed to fetch dynamically imported module' })] as unknown as DemoFormEvent[]
  }
  if (!ctx(snapshot).schemaReady) {
    // Before the schema has loaded: it arrives, a submit waits for it, the main line goes on.
    const next = DEMO_FIELDS.find((field) => ctx(snapshot).values[field] !== validValues[field])
    return [{ type: 'schema.loaded' }, { type: 'form.submit' }, ...(next ? [change(next, validValues[next])] : [])]
  }
  const botCheck = ctx(snapshot).botCheck
  if (snapshot.matches('submitting') && botCheck !== 'off') {
    return [outcome.done('sendDemoRequest', accepted), outcome.done('sendDemoRequest', botCheckRefusal)] as unknown as DemoFormEvent[]
  }
  if (snapshot.matches('submitting')) {
    return [
      outcome.done('sendDemoRequest', accepted),
      outcome.done('sendDemoRequest', refused),
      outcome.error('sendDemoRequest', { message: 'Failed to fetch' }),
    ] as unknown as DemoFormEvent[]
  }
  const context = ctx(snapshot)
  if (botCheck !== 'off') return botCheckEvents(snapshot)
  const wrong = firstProblem(context)
  // After a submit every field's problem shows; after leaving a field, that field's.
  const submitted = DEMO_FIELDS.every((field) => context.shown.includes(field))
  if (context.shown.length > 0) {
    return snapshot.matches('editing') && submitted && wrong ? [change(wrong, validValues[wrong])] : []
  }
  const next = DEMO_FIELDS.find((field) => context.values[field] !== validValues[field])
  const events: DemoFormEvent[] = []
  if (snapshot.matches('failed') && !next) events.push({ type: 'form.submit' }, change('email', invalidValues.email.value))
  else if (next) events.push(change(next, validValues[next]))
  if (wrong) {
    events.push({ type: 'form.submit' })
    if (isEmpty(context) || snapshot.matches('failed')) events.push({ type: 'field.blur', field: wrong })
  } else if (!next && !snapshot.matches('failed')) {
    events.push({ type: 'form.submit' })
    if (snapshot.matches('editing')) {
      for (const field of DEMO_FIELDS) events.push(change(field, invalidValues[field].value))
      events.push({ type: 'botCheck.started' })
    }
  }
  return events
}

/** The bot check's line (see above): the widget is on the form. */
function botCheckEvents(snapshot: AnyMachineSnapshot): DemoFormEvent[] {
  const { botCheck, values } = ctx(snapshot)
  const passed: DemoFormEvent = { type: 'botCheck.passed', token: botCheckPass }
  const failed: DemoFormEvent = { type: 'botCheck.failed' }
  if (snapshot.matches('checkingBot')) return [passed, failed]
  const next = DEMO_FIELDS.find((field) => values[field] !== validValues[field])
  if (next) return [change(next, validValues[next])]
  const submit: DemoFormEvent = { type: 'form.submit' }
  if (!snapshot.matches('editing')) return [submit]
  if (botCheck === 'pending') return [submit, passed, failed]
  if (typeof botCheck === 'object') return [submit, { type: 'botCheck.expired' }]
  return [submit]
}

/** Snapshots are the same state when state, values, the fields whose problems show, the
 * schema's arrival and the bot check are. */
export function serializeDemoForm(snapshot: AnyMachineSnapshot): string {
  const context = ctx(snapshot)
  return JSON.stringify([snapshot.value, context.values, context.shown, context.schemaReady, context.botCheck])
}

/** Names a state for readers: where the form is, which fields are wrong, which problems show. */
export function demoFormLabel(snapshot: AnyMachineSnapshot): string {
  const context = ctx(snapshot)
  const wrong = DEMO_FIELDS.filter((field) => context.problems[field]).map((field) => `${field} ${context.problems[field]}`)
  const shown = Object.keys(visibleProblems(context))
  const what = isEmpty(context) ? 'empty' : wrong.length ? `wrong: ${wrong.join(', ')}` : 'all valid'
  const checks = context.schemaReady ? '' : ', checks not loaded'
  const bot = context.botCheck === 'off' ? '' : `, bot check ${typeof context.botCheck === 'object' ? 'passed' : context.botCheck}`
  return `${snapshot.value as string} (${what}${shown.length ? `; showing ${shown.join(', ')}` : ''}${checks}${bot})`
}

export const fieldOf = (event: DemoFormEvent): DemoInput | undefined => ('field' in event ? event.field : undefined)
