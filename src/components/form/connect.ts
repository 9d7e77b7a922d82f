import type { ChangeEvent, FormEvent } from 'react'
import type { FieldProblem, FieldProblems } from '../../../machines/form-fields'

interface FormSnapshot<F extends string> {
  context: { values: Record<F, string>; problems: FieldProblems<F>; shown: F[] }
  hasTag: (tag: 'busy') => boolean
}

type FormSend<F extends string> = (
  event: { type: 'field.change'; field: F; value: string } | { type: 'field.blur'; field: F } | { type: 'form.submit' },
) => void

/** Maps a form machine's snapshot to the props of its form and fields. */
export function connectForm<F extends string>(snapshot: FormSnapshot<F>, send: FormSend<F>) {
  const busy = snapshot.hasTag('busy')
  const { values, problems, shown } = snapshot.context
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
      id: field,
      value: values[field],
      disabled: busy,
      onChange: (event: ChangeEvent<HTMLInputElement>) => send({ type: 'field.change', field, value: event.target.value }),
      onBlur: () => send({ type: 'field.blur', field }),
    }),
    submitProps: { type: 'submit' as const, disabled: busy, 'aria-disabled': busy },
  }
}

