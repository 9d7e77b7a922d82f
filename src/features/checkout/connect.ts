import type { SnapshotFrom } from 'xstate'
import type { checkoutMachine } from '../../../machines/checkout.machine'
import type { CompanyLookupEvent, companyLookupMachine } from '../../../machines/company-lookup.machine'
import type { BuyerField } from '../../../supabase/functions/_shared/buyer-rules'
import { taxTreatmentOf } from '../../../supabase/functions/_shared/vat'
import { isBuyerCountry } from '../../../supabase/functions/_shared/buyer-rules'
import { connectForm } from '../../components/form/connect'
import { buyerFieldId } from './logic'

type CheckoutSend = Parameters<typeof connectForm<BuyerField, string>>[1]

/** From the checkout's snapshot (and the organization number's lookup) to what the page shows. */
export function connectCheckout(
  snapshot: SnapshotFrom<typeof checkoutMachine>,
  send: CheckoutSend,
  lookup: SnapshotFrom<typeof companyLookupMachine>,
  sendLookup: (event: CompanyLookupEvent) => void,
) {
  const form = connectForm<BuyerField, string>(snapshot, send, { idOf: buyerFieldId })
  const country = snapshot.context.values.country
  const orgNumberProps = form.getInputProps('orgNumber')
  return {
    form,
    /** The customer has the plan (or one above it): nothing to pay. */
    alreadyOnPlan: snapshot.matches('alreadyOnPlan'),
    /** A payment of the customer's is owed: it is fixed on the dashboard, not bought again. */
    paymentOwed: snapshot.matches('paymentOwed'),
    /** A Norwegian company (named by its organization number), else an EU one. */
    norwegian: country === 'NO' || !isBuyerCountry(country),
    /** How the invoice treats VAT for the chosen country. */
    treatment: taxTreatmentOf(isBuyerCountry(country) ? country : 'NO'),
    /** The organization number's field tells the lookup too. */
    orgNumberProps: {
      ...orgNumberProps,
      onChange: (event: Parameters<typeof orgNumberProps.onChange>[0]) => {
        orgNumberProps.onChange(event)
        sendLookup({ type: 'orgNumber.change', value: event.currentTarget.value })
      },
    },
    lookup: {
      busy: lookup.hasTag('busy') || lookup.matches('waiting'),
      company: lookup.matches('found') ? lookup.context.company : null,
      unknown: lookup.matches('unknown'),
      failed: lookup.matches('failed'),
    },
  }
}
