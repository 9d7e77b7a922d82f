import type { ChangeEvent, FormEvent } from 'react'
import { formOf } from '../../../machines/form'
import type { FieldProblem } from '../../../machines/form-fields'
import { botCheckLoader } from '../../lib/bot-check-widget'
import { loadOnFirstUse } from '../../lib/load-on-first-use'
import { botCheckSlot } from '../ui.css'

/** What `connectForm` reads of a form kit machine's snapshot. */
export interface FormSnapshot<F extends string, P extends string = FieldProblem> {
  context: { values: Record<F, string>; problems: Partial<Record<F, P>>; shown: F[]; refused: Partial<Record<F, P>> }
  hasTag: (tag: 'busy' | 'checking') => boolean
  machine: { schemas?: unknown }
}

type FormSend<F extends string> = (
  event: { type: 'field.change'; field: F; value: string } | { type: 'field.blur'; field: F } | { type: 'form.submit' },
) => void

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

export interface FormOptions<F extends string> {
  /** The element id of a field (default: the field's name). */
  idOf?: (field: F) => string
  /** The form element's id. */
  formId?: string
  /** Where the form's bot check renders (a form with one). */
  botCheckId?: string
}

/** Maps a form kit machine's snapshot (machines/form.ts) to the props of its form, its fields, its
 * buttons and its bot check's slot: every form of the site shares it.
 * - The fields keep what is typed themselves (React never sets their value, so nothing typed while
 *   the page starts is overwritten) and tell the machine of every change; the machine reads them
 *   when it starts (`readTypedValues`) and empties them when it clears (`resetFields`).
 * - While the form sends, the fields are read-only and its buttons only say they wait
 *   (`aria-disabled`): never `disabled`, since a disabled element that holds the focus drops it to
 *   the page, and a keyboard user would start over from the top after every send. The machine
 *   takes no submit then. While a submit waits for the schema or the bot check's token, the
 *   buttons wait and the fields stay editable.
 * - Reaching the form (focus, a tap) starts loading its schema and its bot check's widget. */
export function connectForm<F extends string, P extends string = FieldProblem>(snapshot: FormSnapshot<F, P>, send: FormSend<F>, options: FormOptions<F> = {}) {
  const { idOf = (field: F) => field, formId, botCheckId } = options
  const form = formOf(snapshot.machine)
  const sending = snapshot.hasTag('busy')
  const busy = sending || snapshot.hasTag('checking')
  const { problems, shown, refused } = snapshot.context
  const needs = [form?.schema?.load ? { isReady: form.schema.isReady, load: form.schema.load } : undefined, form?.botCheck ? botCheckLoader : undefined]
  return {
    /** Sending, or a submit waiting: the buttons wait. */
    busy,
    /** Sending: the fields are read-only too. */
    sending,
    formProps: {
      ...(formId ? { id: formId } : {}),
      noValidate: true,
      'aria-busy': busy,
      onSubmit: (event: FormEvent) => {
        event.preventDefault()
        send({ type: 'form.submit' })
      },
      ...loadOnFirstUse(...needs.filter((need) => need !== undefined)),
    },
    /** The problem a field shows: the server's refusal, or its own once it should show. */
    problemOf: (field: F): P | undefined => refused[field] ?? (shown.includes(field) ? problems[field] : undefined),
    getInputProps: (field: F) => ({
      id: idOf(field),
      name: idOf(field),
      readOnly: sending,
      onChange: (event: ChangeEvent<FieldElement>) => send({ type: 'field.change', field, value: event.currentTarget.value }),
      onBlur: () => send({ type: 'field.blur', field }),
    }),
    submitProps: { type: 'submit' as const, 'aria-disabled': busy },
    /** Another button of the form (Google, cancel): it waits as the submit does. */
    getButtonProps: (onClick: () => void) => ({ type: 'button' as const, 'aria-disabled': busy, onClick }),
    /** Where the bot check's widget renders, in the form before its button. */
    botCheckProps: botCheckId ? { id: botCheckId, className: botCheckSlot } : undefined,
  }
}

export type ConnectedForm<F extends string = string, P extends string = FieldProblem> = ReturnType<typeof connectForm<F, P>>
