// A demo form field is a row of the field table: with an optional field the table does not have
// added there (and its label), the form shows it in the table's place, marked optional, with its
// autofill token, and sends what the visitor typed. The added field is one no real table has
// ("hypothetical"), so that this proves the same whatever fields exist.
// (tests/backend/new-demo-field.test.ts: the stored row and the notification.)
import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { DemoRequest, DemoResponse } from '../../supabase/functions/_shared/demo-request'
import { requiredValues } from '../demo-samples'
import { controllablePromise, settle } from '../model/fake-actors'

vi.mock('../../supabase/functions/_shared/demo-field-table.ts', async (importOriginal) => {
  const { demoFieldTable } = await importOriginal<typeof import('../../supabase/functions/_shared/demo-field-table.ts')>()
  const added = { name: 'hypothetical', limit: 40, required: false, kind: 'text', autocomplete: 'tel', notifyAs: 'Hypothetical' }
  if (demoFieldTable.some((spec) => spec.name === added.name)) throw new Error('the table has a field "hypothetical": this test adds one of that name')
  return { demoFieldTable: [...demoFieldTable, added] }
})
vi.mock('../../src/features/demo/field-texts', async (importOriginal) => {
  const texts = await importOriginal<typeof import('../../src/features/demo/field-texts')>()
  return { ...texts, fieldLabels: { ...texts.fieldLabels, hypothetical: { id: 'Hypothetical', message: 'Hypothetical' } } }
})

describe('an optional field added to the field table', () => {
  it('reaches the form and is sent with the request', async () => {
    // The test set-up loaded the form's schema before this file's table: load them anew.
    vi.resetModules()
    const { DemoForm } = await import('../../src/features/demo/demo-form')
    const { demoFormMachine, demoValidator } = await import('../../machines/demo-form.machine')
    // The render helper's stand-ins reach the page through the same (fresh) modules the page uses.
    const { renderInApp, standIn } = await import('../render')
    const { DEMO_FIELDS } = await import('../../supabase/functions/_shared/demo-fields')
    await demoValidator.load()
    const send = controllablePromise<DemoResponse, DemoRequest>()
    renderInApp(<DemoForm />, { lang: 'en', standIns: [standIn(demoFormMachine, { actors: { sendDemoRequest: send.logic } })] })
    const added = screen.getByLabelText('Hypothetical (optional)') as HTMLInputElement
    expect(added).toHaveAttribute('autocomplete', 'tel')
    expect(added).toHaveAttribute('name', 'hypothetical')
    expect(added.required).toBe(false)
    // In the table's place: the last of its fields, before the hidden honeypot.
    const names = [...document.querySelectorAll<HTMLInputElement>('#demo-form [name]')].map((input) => input.name)
    expect(names).toEqual([...DEMO_FIELDS, 'website'])
    expect(DEMO_FIELDS.at(-1)).toBe('hypothetical')

    for (const [field, value] of Object.entries(requiredValues)) {
      fireEvent.change(document.querySelector(`#demo-form [name="${field}"]`)!, { target: { value } })
    }
    fireEvent.change(added, { target: { value: '+47 22 33 44 55' } })
    fireEvent.submit(document.getElementById('demo-form')!)
    await act(settle)
    expect(send.runs.at(-1)?.input).toMatchObject({ ...requiredValues, hypothetical: '+47 22 33 44 55' })
  })
})
