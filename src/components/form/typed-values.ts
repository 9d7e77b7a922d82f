import { type EventObject, fromCallback } from 'xstate'
import type { LazyValidator } from '../../../machines/lazy-validator'

/** What the visitor typed into a prerendered form before the page came to life (the inputs are
 * the form's fields, by id): each as a `field.change`, once the form's schema is there. */
export const readTypedValues = <E extends EventObject>(fields: readonly string[], validator: Pick<LazyValidator<never, unknown>, 'load'>) =>
  fromCallback<E>(({ sendBack }) => {
    const typed = fields
      .map((field) => ({ field, value: (document.getElementById(field) as HTMLInputElement | null)?.value ?? '' }))
      .filter(({ value }) => value !== '')
    let stopped = false
    if (typed.length > 0) {
      validator.load().then(
        () => {
          if (!stopped) for (const { field, value } of typed) sendBack({ type: 'field.change', field, value } as unknown as E)
        },
        () => {},
      )
    }
    return () => {
      stopped = true
    }
  })
