import { msg } from '@lingui/core/macro'
import { demoFormMachine } from '../../../machines/demo-form.machine'
import { notify } from '../../components/toaster/toaster'
import { sendDemoRequest } from './actors'
import { focusDemoField } from './dom'

// The demo form's real effects, in the demo page's chunk (with the form's schema, which loads on
// first use).
export const demoFormLogic = demoFormMachine.provide({
  actions: {
    focusField: (_, { field }) => focusDemoField(field),
    notifySuccess: () =>
      notify({ title: msg({ message: 'Thanks!', context: 'demo request sent toast title' }), description: msg`We'll reach out within 24 hours.` }),
    notifyFailure: () =>
      notify({
        variant: 'destructive',
        title: msg({ message: 'Could not send request', context: 'demo request failed toast title' }),
        description: msg`Could not send the request. Please try again later.`,
      }),
  },
  actors: { sendDemoRequest },
})
