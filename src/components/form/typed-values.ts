import { type EventObject, fromCallback, fromPromise } from 'xstate'
import type { LazyValidator } from '../../../machines/lazy-validator'

type Schema = Pick<LazyValidator<never, unknown>, 'load' | 'onLoad'>

/** What the visitor typed into a prerendered form before the page came to life (the inputs are the
 * form's fields, found by id): each as a `field.change`, as the form's machine starts. The form is
 * in use then, so its schema starts loading. */
export const readTypedValues = <E extends EventObject>(fields: readonly string[], schema: Schema | undefined, idOf = (field: string) => field) =>
  fromCallback<E>(({ sendBack }) => {
    const typed = fields
      .map((field) => ({ field, value: (document.getElementById(idOf(field)) as HTMLInputElement | null)?.value ?? '' }))
      .filter(({ value }) => value !== '')
    for (const { field, value } of typed) sendBack({ type: 'field.change', field, value } as unknown as E)
    if (typed.length > 0) schema?.load().catch(() => {})
    return () => {}
  })

/** A form's schema as its machine needs it: `schema.loaded` once it is there (it loads when the
 * form is first used), and its loading, which a submit made before then waits for. */
export const schemaActors = <E extends EventObject>(schema: Schema) => ({
  watchSchema: fromCallback<E>(({ sendBack }) => schema.onLoad(() => sendBack({ type: 'schema.loaded' } as unknown as E))),
  loadSchema: fromPromise<void>(() => schema.load()),
})

/** Empties a form's fields (the page's, which keep what is typed), as its machine clears. */
export const resetForm = (id: string) => () => {
  const form = document.getElementById(id) as HTMLFormElement | null
  if (!form) return
  form.reset()
  // Once more through each field's value setter, where React tracks what a field last held: else
  // typing exactly the text it held before (an autofill) would not count as a change.
  for (const element of form.elements) {
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
      const { value } = element
      element.value = value
    }
  }
}
