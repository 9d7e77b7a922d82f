import { msg } from '@lingui/core/macro'
import { type DemoFormEvent, demoFormMachine, demoInputs, demoValidator } from '../../../machines/demo-form.machine'
import { readTypedValues, resetForm, schemaActors } from '../../components/form/typed-values'
import { notify } from '../../components/toaster/toaster'
import { sendDemoRequest } from './actors'
import { demoIds, focusDemoField } from './dom'

// The demo form's real effects, in the demo page's chunk (with the form's schema, which loads on
// first use).
export const demoFormLogic = demoFormMachine.provide({
  actions: {
    focusField: (_, { field }) => focusDemoField(field),
    resetFields: resetForm(demoIds.form),
    notifySuccess: () =>
      notify({ title: msg({ message: 'Thanks!', context: 'demo request sent toast title' }), description: msg`We'll reach out within 24 hours.` }),
    notifyFailure: () =>
      notify({
        variant: 'destructive',
        title: msg({ message: 'Could not send request', context: 'demo request failed toast title' }),
        description: msg`Could not send the request. Please try again later.`,
      }),
  },
  actors: {
    sendDemoRequest,
    readTypedValues: readTypedValues<DemoFormEvent>(demoInputs, demoValidator, (field) => demoIds.field(field as never)),
    ...schemaActors<DemoFormEvent>(demoValidator),
  },
})
