/** Moves keyboard focus to the element with this id (a form field, a button). */
export const focusById = (id: string) => document.getElementById(id)?.focus()

/** The same, once the view has rendered what a state just showed. */
export const focusByIdAfterRender = (id: string) => requestAnimationFrame(() => focusById(id))

/** Focus now if the element is on the page (a wrong field), else once the view has rendered it (a
 * form that has just opened, the field after a step). */
export const focusSoon = (id: string) => (document.getElementById(id) ? focusById(id) : focusByIdAfterRender(id))
