import type { DemoInput } from '../../../machines/demo-form.machine'

/** Element ids of the demo form's parts. */
export const demoIds = {
  form: 'demo-form',
  field: (field: DemoInput) => `demo-${field}`,
  error: (field: DemoInput) => `demo-${field}-error`,
  hint: (field: DemoInput) => `demo-${field}-hint`,
  /** Where the bot check's widget renders. */
  botCheck: 'demo-bot-check',
}

/** Moves keyboard focus to a field of the demo form. */
export function focusDemoField(field: DemoInput) {
  document.getElementById(demoIds.field(field))?.focus()
}
