/** Moves keyboard focus to the element with this id (a form field, a button). */
export const focusById = (id: string) => document.getElementById(id)?.focus()

/** The same, once the view has rendered what a state just showed. */
export const focusByIdAfterRender = (id: string) => requestAnimationFrame(() => focusById(id))
