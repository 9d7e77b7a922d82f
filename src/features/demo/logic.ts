import { demoFormMachine } from '../../../machines/demo-form.machine'
import { sendDemoRequest } from './actors'
import { focusDemoField } from './dom'

// The demo form's real effects. Kept beside the feature rather than in app/providers.ts, which
// every page loads: the form's schema (arktype) then ships only with the demo page's chunk.
// The toasts need the visitor's language: the form's view provides them.
export const demoFormLogic = demoFormMachine.provide({
  actions: { focusField: (_, { field }) => focusDemoField(field) },
  actors: { sendDemoRequest },
})
