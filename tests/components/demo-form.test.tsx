import { act, fireEvent, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { type DemoFormContext, type DemoFormEvent, demoFormMachine, demoValidator, visibleProblems } from '../../machines/demo-form.machine'
import { DEMO_FIELDS, type DemoField, type DemoRequest, type DemoResponse, demoFieldTable, LIMITS, type Problem } from '../../supabase/functions/_shared/demo-request'
import { DemoForm } from '../../src/features/demo/demo-form'
import { fieldLabels, requiredTexts } from '../../src/features/demo/field-texts'
import { createI18nWith } from '../../src/i18n/i18n'
import { focusDemoField } from '../../src/features/demo/dom'
import { Toaster } from '../../src/components/toaster/toaster'
import { demoFormEvents, demoFormLabel, serializeDemoForm, validValues } from '../machines/demo-form.model'
import { applyOutcome, controllableCallback, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { catalogs, renderInApp, standIn, toasterLoaded } from '../render'

const inNorwegian = createI18nWith('nb', catalogs.nb)

/** Each field's label as the page shows it: its text in src/features/demo/field-texts.ts, in
 * Norwegian, and "(valgfritt)" after an optional one. */
const labels = Object.fromEntries(
  demoFieldTable.map((spec) => [spec.name, `${inNorwegian._(fieldLabels[spec.name])}${spec.required ? '' : ' (valgfritt)'}`]),
) as Record<DemoField, string>

/** What a field's problem says: a required field's own sentence (field-texts.ts), else the form's
 * wording of the problem, with the field's limit. */
const problemOf = (field: DemoField, problem: Problem): string => {
  if (problem === 'required') return inNorwegian._(requiredTexts[field]!)
  const words: Partial<Record<Problem, string>> = {
    tooLong: `Bruk høyst ${LIMITS[field]} tegn.`,
    email: 'Skriv inn en gyldig e-postadresse, for eksempel ola@firma.no.',
    url: 'Skriv inn en LinkedIn-lenke, for eksempel linkedin.com/in/ditt-navn.',
    choice: 'Velg ett av alternativene.',
  }
  return words[problem]!
}

const nb = {
  submit: 'Book demo',
  sending: 'Sender...',
  thanks: 'Takk!Vi tar kontakt innen 24 timer.',
  failed: 'Kunne ikke sende forespørselenKunne ikke sende forespørselen. Prøv igjen om litt.',
  botCheckRefused: 'Kunne ikke sende forespørselenVi fikk ikke bekreftet at du er et menneske. Vent noen sekunder og prøv igjen.',
}

const field = (name: DemoField) => screen.getByLabelText(labels[name]) as HTMLInputElement
const form = () => document.getElementById('demo-form') as HTMLFormElement
const submitButton = () => within(form()).getByRole('button')

async function start() {
  const send = controllablePromise<DemoResponse, DemoRequest>()
  const loadSchema = controllablePromise<void>()
  const schema = controllableCallback<DemoFormEvent>()
  const botCheck = controllableCallback<EventObject>()
  const view = renderInApp(
    <>
      <DemoForm />
      <Toaster />
    </>,
    {
      lang: 'nb',
      standIns: [
        standIn(demoFormMachine, {
          actors: { sendDemoRequest: send.logic, loadSchema: loadSchema.logic, watchSchema: schema.logic, watchBotCheck: botCheck.logic },
          actions: { focusField: (_, { field: name }) => focusDemoField(name) },
        }),
      ],
    },
  )
  await toasterLoaded()
  return { send, loadSchema, schema, botCheck, ...view }
}

const toasts = (role: 'status' | 'alert') =>
  within(within(screen.getByRole('region', { name: 'Varsler' })).getByRole(role))
    .queryAllByRole('listitem')
    .map((li) => li.textContent)

testMachinePaths(
  'Demo form view',
  demoFormMachine,
  { events: demoFormEvents, serialize: serializeDemoForm, label: demoFormLabel },
  {
    start,
    // Timers are real here, but typing 2000 characters key by key is slow: fields change at once.
    execute: async ({ send, loadSchema, schema, botCheck }, event: EventObject, from: AnyMachineSnapshot) => {
      const before = from.context as DemoFormContext
      if (event.type === 'schema.loaded') {
        act(() => schema.emit({ type: 'schema.loaded' }))
        return
      }
      if (event.type.startsWith('botCheck.')) {
        // The widget reports: a submit that waited for its token (or its failure) goes out.
        const runs = send.runs.length
        act(() => botCheck.emit(event))
        expect(send.runs.length).toBe(from.matches('checkingBot') ? runs + 1 : runs)
        return
      }
      if (event.type.endsWith('.loadSchema')) {
        const runs = send.runs.length
        await act(() => applyOutcome(event, { loadSchema }))
        // Loaded: the submit is taken again (sent, or focus on the first wrong field). Not: a toast.
        if (event.type.startsWith('xstate.error')) expect(toasts('alert').at(-1)).toBe(nb.failed)
        else if (send.runs.length === runs) expect(document.activeElement).toHaveAttribute('aria-invalid', 'true')
        return
      }
      if (event.type.startsWith('xstate.')) {
        const shownBefore = { status: toasts('status').length, alert: toasts('alert').length }
        await act(() => applyOutcome(event, { sendDemoRequest: send }))
        const output = event.type.startsWith('xstate.done') ? (event as unknown as { output: DemoResponse }).output : undefined
        // A refused bot check says so; any other failure, the general sentence.
        if (output?.ok) expect(toasts('status').at(-1)).toBe(nb.thanks)
        else expect(toasts('alert').at(-1)).toBe(output?.error === 'bot_check_failed' ? nb.botCheckRefused : nb.failed)
        expect(toasts('status').length + toasts('alert').length).toBe(shownBefore.status + shownBefore.alert + 1)
        return
      }
      const e = event as DemoFormEvent
      if (e.type === 'field.change') fireEvent.change(field(e.field as DemoField), { target: { value: e.value } })
      else if (e.type === 'field.blur') {
        act(() => field(e.field as DemoField).focus())
        act(() => field(e.field as DemoField).blur())
      } else {
        const runs = send.runs.length
        fireEvent.click(submitButton())
        const firstWrong = DEMO_FIELDS.find((name) => before.problems[name])
        if (!before.schemaReady) {
          // Before the form's checks have loaded, the submit waits for them: nothing is sent yet.
          expect(send.runs.length).toBe(runs)
          expect(submitButton()).toHaveAttribute('aria-disabled', 'true')
        } else if (firstWrong) {
          // Nothing is sent; focus moves to the first wrong field, which names its problem.
          expect(send.runs.length).toBe(runs)
          expect(document.activeElement).toBe(field(firstWrong))
          expect(field(firstWrong)).toHaveAccessibleDescription(expect.stringContaining(problemOf(firstWrong, before.problems[firstWrong]!)))
        } else if (before.botCheck === 'pending') {
          // Valid, but the bot check has no token yet: the button waits for it, nothing is sent.
          expect(send.runs.length).toBe(runs)
          expect(submitButton()).toHaveAttribute('aria-disabled', 'true')
          fireEvent.submit(form())
          expect(send.runs.length).toBe(runs)
        } else {
          expect(send.runs.length).toBe(runs + 1)
          // A second press while sending does nothing: the button waits, and keeps the focus.
          fireEvent.click(submitButton())
          fireEvent.submit(form())
          expect(send.runs.length).toBe(runs + 1)
        }
      }
    },
    verify: (_, planned) => {
      const context = planned.context as DemoFormContext
      const shown = visibleProblems(context)
      const sending = planned.value === 'submitting'
      const busy = sending || planned.value === 'validating' || planned.value === 'checkingBot'
      expect(submitButton()).toHaveTextContent(busy ? nb.sending : nb.submit)
      if (busy) expect(submitButton()).toHaveAttribute('aria-disabled', 'true')
      else expect(submitButton()).toHaveAttribute('aria-disabled', 'false')
      expect(form()).toHaveAttribute('aria-busy', String(busy))
      for (const name of DEMO_FIELDS) {
        const input = field(name)
        // What was typed stays (or is cleared after a success).
        expect(input.value).toBe(context.values[name])
        const error = document.getElementById(`demo-${name}-error`)!
        // Problems are announced: each error sits in a polite live region tied to its field.
        expect(error).toHaveAttribute('aria-live', 'polite')
        const problem = shown[name]
        if (problem) {
          const text = problemOf(name, problem)
          expect(input).toHaveAttribute('aria-invalid', 'true')
          expect(error).toHaveTextContent(text)
          expect(input).toHaveAccessibleDescription(expect.stringContaining(text))
        } else {
          expect(input).not.toHaveAttribute('aria-invalid')
          expect(error).toBeEmptyDOMElement()
        }
        if (input.tagName !== 'SELECT') {
          if (sending) expect(input).toHaveAttribute('readonly')
          else expect(input).not.toHaveAttribute('readonly')
        }
      }
    },
    stop: ({ unmount }) => unmount(),
  },
)

describe('Demo form view in English', () => {
  beforeAll(() => demoValidator.load())

  it('labels, need options, the busy label and the toasts are in English', async () => {
    const send = controllablePromise<DemoResponse, DemoRequest>()
    renderInApp(
      <>
        <DemoForm />
        <Toaster />
      </>,
      { lang: 'en', standIns: [standIn(demoFormMachine, { actors: { sendDemoRequest: send.logic } })] },
    )
    const need = screen.getByLabelText('What do you need help with?')
    expect(within(need).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose…',
      'Lead Generation',
      'Content',
      'Profile Optimization',
      'Other',
    ])
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: validValues.name } })
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ASE@Fjord.no ' } })
    fireEvent.change(need, { target: { value: 'lead_generation' } })
    fireEvent.click(screen.getByRole('button', { name: 'Book demo' }))
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveAttribute('aria-disabled', 'true')
    expect(send.runs[0]!.input).toMatchObject({ email: 'ase@fjord.no', need: 'lead_generation', language: 'en' })
    await act(() => send.reject(new Error('offline')) as unknown as Promise<void>)
    await act(() => new Promise((resolve) => setImmediate(resolve)))
    const region = screen.getByRole('region', { name: 'Notifications' })
    expect(within(within(region).getByRole('alert')).getByRole('listitem')).toHaveTextContent(
      'Could not send requestCould not send the request. Please try again later.',
    )
    expect(screen.getByLabelText('Full name')).toHaveValue(validValues.name)
  })

  it('shows every field of the table in its order, with its label ("(optional)" after an optional one), name and autofill token', () => {
    renderInApp(<DemoForm />, { lang: 'en' })
    const inEnglish = createI18nWith('en', catalogs.en)
    const names = [...document.querySelectorAll<HTMLInputElement>('#demo-form [name]')].map((control) => control.name)
    expect(names).toEqual([...DEMO_FIELDS, 'website'])
    for (const spec of demoFieldTable) {
      const control = screen.getByLabelText(`${inEnglish._(fieldLabels[spec.name])}${spec.required ? '' : ' (optional)'}`) as HTMLInputElement
      expect({ field: spec.name, name: control.name, required: control.required, autocomplete: control.getAttribute('autocomplete') }).toEqual({
        field: spec.name,
        name: spec.name,
        required: spec.required,
        autocomplete: (spec as { autocomplete?: string }).autocomplete ?? null,
      })
    }
  })

  it('shows the English problem after leaving a field', () => {
    renderInApp(
      <DemoForm />,
      { lang: 'en' },
    )
    const email = screen.getByLabelText('E-mail')
    fireEvent.change(email, { target: { value: 'ola@' } })
    act(() => email.focus())
    act(() => email.blur())
    expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address, such as ola@company.no.')
  })

  it('never overwrites what a field holds: text the machine has not been told of yet (typed before the page came to life) survives its renders', () => {
    renderInApp(<DemoForm />, { lang: 'en' })
    const name = screen.getByLabelText('Full name') as HTMLInputElement
    name.value = 'Kari Rask'
    const email = screen.getByLabelText('E-mail')
    fireEvent.change(email, { target: { value: 'kari@' } })
    act(() => email.focus())
    act(() => email.blur())
    expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address, such as ola@company.no.')
    expect(name).toHaveValue('Kari Rask')
  })

  it('keeps the honeypot out of sight and out of the tab order', () => {
    renderInApp(
      <DemoForm />,
      { lang: 'nb' },
    )
    const trap = document.getElementById('demo-website')!
    expect(trap).toHaveAttribute('tabindex', '-1')
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull()
  })
})
