/** Moves keyboard focus to the element with this id (a form field, a button). */
export const focusById = (id: string) => document.getElementById(id)?.focus()

/** The same, once the view has rendered what a state just showed. */
export const focusByIdAfterRender = (id: string) => requestAnimationFrame(() => focusById(id))

/** Focus now if the element can take it (a wrong field), else once the view has rendered it (a
 * form that has just opened or shows again, the field after a step). */
export function focusSoon(id: string) {
  focusById(id)
  if (document.activeElement?.id !== id) focusByIdAfterRender(id)
}
