import { msg } from '@lingui/core/macro'
import { demoFormMachine } from '../../../machines/demo-form.machine'
import { formEffects } from '../../components/form/form-logic'
import { notify } from '../../components/toaster/toaster'
import { perLang } from '../../i18n/lang'
import { botCheckRefused } from '../../lib/bot-check-widget'
import { sendDemoRequest } from './actors'
import { demoIds } from './dom'

// The demo form's real effects, in the demo page's chunk (with the form's schema and the bot
// check's widget, which load on first use).
export const demoFormLogic = perLang((lang) =>
  demoFormMachine.provide(
    formEffects(
      demoFormMachine,
      { lang, idOf: (field) => demoIds.field(field as never), formId: demoIds.form, botCheckId: demoIds.botCheck },
      {
        actors: { sendDemoRequest },
        actions: {
          notifySuccess: () =>
            notify({ title: msg({ message: 'Thanks!', context: 'demo request sent toast title' }), description: msg`We'll reach out within 24 hours.` }),
          notifyFailure: (_, { code }) =>
            notify({
              variant: 'destructive',
              title: msg({ message: 'Could not send request', context: 'demo request failed toast title' }),
              description: code === 'bot_check_failed' ? botCheckRefused : msg`Could not send the request. Please try again later.`,
            }),
        },
      },
    ),
  ),
)
