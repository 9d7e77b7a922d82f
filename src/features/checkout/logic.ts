import { msg } from '@lingui/core/macro'
import { checkoutMachine } from '../../../machines/checkout.machine'
import { notify } from '../../components/toaster/toaster'
import { perLang } from '../../i18n/lang'
import { serverText } from '../../lib/server-message'
import { createCheckout, loadPlan } from './actors'

/** The checkout's real effects: the payment provider's page in the buyer's language. */
export const checkoutLogic = perLang((lang) =>
  checkoutMachine.provide({
    actors: { loadPlan, createCheckout: createCheckout(lang) },
    actions: {
      goToPayment: (_, { url }) => window.location.assign(url),
      notifyFailure: (_, failure) =>
        notify({
          variant: 'destructive',
          title: msg`Error`,
          description: serverText({ ...failure, message: failure.message ?? undefined }) ?? msg`Could not start purchase. Please try again.`,
        }),
    },
  }),
)
