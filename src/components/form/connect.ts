import type { ChangeEvent, FormEvent } from 'react'
import type { FieldProblem, FieldProblems } from '../../../machines/form-fields'

interface FormSnapshot<F extends string> {
  context: { values: Record<F, string>; problems: FieldProblems<F>; shown: F[] }
  hasTag: (tag: 'busy' | 'checking') => boolean
}

type FormSend<F extends string> = (
  event: { type: 'field.change'; field: F; value: string } | { type: 'field.blur'; field: F } | { type: 'form.submit' },
) => void

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

export interface FormOptions<F extends string> {
  /** The element id of a field (default: the field's name). */
  idOf?: (field: F) => string
  /** While sending, fields are read-only (default), which keeps them focusable and in the tab order,
   * or disabled. */
  whileBusy?: 'disabled' | 'readOnly'
}

/** Maps a form machine's snapshot to the props of its form and fields: every form of the site
 * (sign-in, registration, password, demo) shares it, with the problems of `form-fields.ts`.
 * The fields keep what is typed themselves (React never sets their value, so nothing typed while
 * the page starts is overwritten) and tell the machine of every change; the machine reads them
 * when it starts (`readTypedValues`) and empties them when it clears (`resetFields`). */
export function connectForm<F extends string>(snapshot: FormSnapshot<F>, send: FormSend<F>, options: FormOptions<F> = {}) {
  const { idOf = (field: F) => field, whileBusy = 'readOnly' } = options
  // Sending: the fields are locked too. Checking (the schema loads before a submit): the button only.
  const sending = snapshot.hasTag('busy')
  const busy = sending || snapshot.hasTag('checking')
  const { problems, shown } = snapshot.context
  return {
    busy,
    formProps: {
      noValidate: true,
      'aria-busy': busy,
      onSubmit: (event: FormEvent) => {
        event.preventDefault()
        send({ type: 'form.submit' })
      },
    },
    /** The problem of a field, once it should show. */
    problemOf: (field: F): FieldProblem | undefined => (shown.includes(field) ? problems[field] : undefined),
    getInputProps: (field: F) => ({
      id: idOf(field),
      ...(whileBusy === 'disabled' ? { disabled: sending } : { readOnly: sending }),
      onChange: (event: ChangeEvent<FieldElement>) => send({ type: 'field.change', field, value: event.currentTarget.value }),
      onBlur: () => send({ type: 'field.blur', field }),
    }),
    // Never `disabled`: a disabled button (or field) that holds the focus drops it to the page, and a
    // keyboard user would start over from the top after every send. While busy the machine takes no
    // submit, so the button only says it waits.
    submitProps: { type: 'submit' as const, 'aria-disabled': busy },
  }
}

