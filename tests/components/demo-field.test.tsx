// A demo form field is a row of the field table: with an optional "phone" field added there (and
// its label), the form shows it in the table's place, marked optional, with its autofill token,
// and sends what the visitor typed. (tests/backend/demo-field.test.ts: the stored row and the
// notification.)
import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { DemoRequest, DemoResponse } from '../../supabase/functions/_shared/demo-request'
import { controllablePromise, settle } from '../model/fake-actors'
import { renderInApp } from '../render'

vi.mock('../../supabase/functions/_shared/demo-field-table.ts', async (importOriginal) => {
  const { demoFieldTable } = await importOriginal<typeof import('../../supabase/functions/_shared/demo-field-table.ts')>()
  const phone = { name: 'phone', limit: 40, required: false, kind: 'text', autocomplete: 'tel', notifyAs: 'Phone' }
  return { demoFieldTable: [...demoFieldTable, phone] }
})
vi.mock('../../src/features/demo/field-texts', async (importOriginal) => {
  const texts = await importOriginal<typeof import('../../src/features/demo/field-texts')>()
  return { ...texts, fieldLabels: { ...texts.fieldLabels, phone: { id: 'Phone', message: 'Phone' } } }
})

describe('an optional "phone" field added to the field table', () => {
  it('reaches the form and is sent with the request', async () => {
    // The test set-up loaded the form's schema before this file's table: load them anew.
    vi.resetModules()
    const { DemoForm } = await import('../../src/features/demo/demo-form')
    const { demoFormLogic } = await import('../../src/features/demo/logic')
    await (await import('../../machines/demo-form.machine')).demoValidator.load()
    const send = controllablePromise<DemoResponse, DemoRequest>()
    const logic = demoFormLogic('en').provide({ actors: { sendDemoRequest: send.logic } })
    renderInApp(<DemoForm logic={logic} />, { lang: 'en' })
    const phone = screen.getByLabelText(/^Phone/) as HTMLInputElement
    expect(phone.closest('div')!.querySelector('label')).toHaveTextContent('Phone (optional)')
    expect(phone).toHaveAttribute('autocomplete', 'tel')
    expect(phone).toHaveAttribute('name', 'phone')
    expect(phone.required).toBe(false)
    // In the table's place: after the notes.
    const names = [...document.querySelectorAll<HTMLInputElement>('#demo-form [name]')].map((input) => input.name)
    expect(names.indexOf('phone')).toBe(names.indexOf('notes') + 1)

    const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
    type('Full name', 'Åse Ødegård')
    type('E-mail', 'ase@example.no')
    type('What do you need help with?', 'content')
    type(/^Phone/, '+47 22 33 44 55')
    fireEvent.submit(document.getElementById('demo-form')!)
    await act(settle)
    expect(send.runs.at(-1)?.input).toMatchObject({ name: 'Åse Ødegård', email: 'ase@example.no', need: 'content', phone: '+47 22 33 44 55' })
  })
})
