import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { invoicesMachine } from '../../../machines/invoices.machine'
import { paymentReturnMachine } from '../../../machines/payment-return.machine'
import { subscriptionsMachine } from '../../../machines/subscriptions.machine'
import { subscriptionLifecycleMachine } from '../../../machines/subscription-lifecycle.machine'
import { webhookHealthMachine } from '../../../machines/webhook-health.machine'
import { notify } from '../../components/toaster/toaster'
import type { Lang } from '../../i18n/lang'
import { perLang } from '../../i18n/lang'
import { authSession } from '../../lib/auth/session'
import { href } from '../../routes'
import { checkWebhook, fetchInvoices, fetchSubscriptions, fixPayment, logFetchError, notePortalVisit, openPortal, watchPage, watchSubscriptions } from './actors'
import { serverText } from '../../lib/server-message'

export const subscriptionsLogic = subscriptionsMachine.provide({
  actors: { fetchSubscriptions, watchSubscriptions, watchPage },
  actions: { logFetchError },
})

/** Back from the payment page: a toast, and the address without its query. */
export const paymentReturnLogic = perLang((lang) =>
  paymentReturnMachine.provide({
    actions: {
      notifyPaid: () =>
        notify({
          title: msg`Payment complete! 🎉`,
          description: msg`Your subscription is now active. Access may take a few minutes to activate.`,
        }),
      notifyCanceled: () =>
        notify({
          variant: 'destructive',
          title: msg`Payment canceled`,
          description: msg`The payment was canceled. You can try again at any time.`,
        }),
      cleanUrl: () => navigate(href('app', lang), { replace: true }),
    },
  }),
)

/** Leaves for the payment provider's page; back on the dashboard, the change made there is expected. */
const leaveFor = (url: string) => {
  notePortalVisit()
  window.location.assign(url)
}

/** The subscription's life on the dashboard: the payment provider's portal to manage or resume it,
 * and the page that fixes an owed payment, each in the customer's language. */
export const subscriptionLifecycleLogic = perLang((lang) =>
  subscriptionLifecycleMachine.provide({
    actors: { openPortal: openPortal(lang), fixPayment: fixPayment(lang) },
    actions: {
      goToPortal: (_, { url }) => leaveFor(url),
      goToPayment: (_, { url }) => leaveFor(url),
      notifyFailure: (_, { message }) =>
        notify({
          variant: 'destructive',
          title: msg`Could not open the subscription settings`,
          description: serverText({ message: message ?? undefined }) ?? msg`Please try again in a moment.`,
        }),
    },
  }),
)

/** The user's invoices, read from the database (the payment webhook keeps them). */
export const invoicesLogic = invoicesMachine.provide({ actors: { fetchInvoices } })

export const webhookHealthLogic = webhookHealthMachine.provide({ actors: { checkWebhook } })

/** Sign out: the session ends at once in this browser (the gate then lets the page go without a
 * detour through the sign-in page), and the user lands on the home page. */
export function signOutAndLeave(lang: Lang) {
  authSession.send({ type: 'user.signOut' })
  navigate(href('home', lang))
}
