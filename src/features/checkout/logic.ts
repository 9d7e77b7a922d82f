import { msg } from '@lingui/core/macro'
import { checkoutMachine } from '../../../machines/checkout.machine'
import { companyLookupMachine } from '../../../machines/company-lookup.machine'
import { formEffects } from '../../components/form/form-logic'
import { notify } from '../../components/toaster/toaster'
import { perLang } from '../../i18n/lang'
import { serverText } from '../../lib/server-message'
import { createCheckout, loadPlan, lookUpCompany } from './actors'

export const CHECKOUT_FORM_ID = 'checkout-form'
/** The element id of a buyer field. */
export const buyerFieldId = (field: string) => `buyer-${field}`

/** The checkout's real effects: the company, then the payment provider's page in the buyer's language. */
export const checkoutLogic = perLang((lang) =>
  checkoutMachine.provide(
    formEffects(
      checkoutMachine,
      { lang, idOf: buyerFieldId, formId: CHECKOUT_FORM_ID },
      {
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
      },
    ),
  ),
)

/** The organization number's lookup, through company-lookup. */
export const companyLookupLogic = companyLookupMachine.provide({ actors: { lookUp: lookUpCompany } })
