// What an invoice says beyond Stripe's own layout, in the buyer's language (bokføringsloven § 12
// allows Norwegian or English): the seller's register and VAT number, the buyer's organisation
// number, and the reverse charge of a zero-rated sale.
import { seller, sellerRegister } from './seller.ts'

export type InvoiceLang = 'nb' | 'en'

/** Why an EU business's invoice carries no Norwegian VAT (mval. § 6-22 (2)), and who accounts for it. */
export const reverseChargeText: Record<InvoiceLang, string> = {
  nb: 'Fritatt for merverdiavgift, jf. merverdiavgiftsloven § 6-22 (2). Omvendt avgiftsplikt: kjøper beregner merverdiavgiften.',
  en: 'Exempt from Norwegian VAT under the Norwegian VAT Act § 6-22 (2). Reverse charge: VAT to be accounted for by the recipient.',
}

/** The invoice's custom fields (Stripe takes at most four; name ≤ 40, value ≤ 140 characters). */
export function invoiceFields(lang: InvoiceLang, buyerOrgNumber: string | null): Array<{ name: string; value: string }> {
  return [
    { name: sellerRegister, value: `${seller.legalName}, org.nr. ${seller.orgNumber} MVA` },
    ...(buyerOrgNumber ? [{ name: lang === 'nb' ? 'Kjøpers org.nr.' : "Buyer's org. no.", value: buyerOrgNumber }] : []),
  ]
}
