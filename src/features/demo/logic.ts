import { msg } from '@lingui/core/macro'
import { type DemoFormEvent, demoFormMachine, demoInputs, demoValidator } from '../../../machines/demo-form.machine'
import { readTypedValues, resetForm, schemaActors } from '../../components/form/typed-values'
import { notify } from '../../components/toaster/toaster'
import { perLang } from '../../i18n/lang'
import { botCheckLoader, botCheckRefused, resetBotCheck, watchBotCheck } from '../../lib/bot-check-widget'
import { sendDemoRequest } from './actors'
import { demoIds, focusDemoField } from './dom'

// The demo form's real effects, in the demo page's chunk (with the form's schema and the bot
// check's widget, which load on first use).
export const demoFormLogic = perLang((lang) =>
  demoFormMachine.provide({
    actions: {
      focusField: (_, { field }) => focusDemoField(field),
      resetFields: resetForm(demoIds.form),
      resetBotCheck: resetBotCheck(demoIds.botCheck),
      loadBotCheck: () => {
        botCheckLoader.load().catch(() => {})
      },
      notifySuccess: () =>
        notify({ title: msg({ message: 'Thanks!', context: 'demo request sent toast title' }), description: msg`We'll reach out within 24 hours.` }),
      notifyFailure: (_, { code }) =>
        notify({
          variant: 'destructive',
          title: msg({ message: 'Could not send request', context: 'demo request failed toast title' }),
          description: code === 'bot_check_failed' ? botCheckRefused : msg`Could not send the request. Please try again later.`,
        }),
    },
    actors: {
      sendDemoRequest,
      watchBotCheck: watchBotCheck(demoIds.botCheck, lang),
      readTypedValues: readTypedValues<DemoFormEvent>(demoInputs, demoValidator, (field) => demoIds.field(field as never)),
      ...schemaActors<DemoFormEvent>(demoValidator),
    },
  }),
)
