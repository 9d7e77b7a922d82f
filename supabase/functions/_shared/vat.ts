// Who the product sells to and what VAT an invoice carries: Norwegian businesses pay 25 % MVA
// (a Norwegian VAT number does not change that), EU businesses with a VAT number are zero-rated
// (mval. § 6-22 (2), reverse charge), nobody else buys. No validator here: the site loads it at once.

/** The Norwegian standard rate, in per cent. */
export const VAT_RATE_PERCENT = 25

/** The EU member states, as ISO 3166 codes (Greece's VAT numbers start with EL). */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const
export const BUYER_COUNTRIES = ['NO', ...EU_COUNTRIES] as const
export type BuyerCountry = (typeof BUYER_COUNTRIES)[number]

/** How an invoice treats VAT: 25 % MVA, or zero-rated with the reverse-charge text. */
export type TaxTreatment = 'standard' | 'reverse_charge'
export const taxTreatmentOf = (country: BuyerCountry): TaxTreatment => (country === 'NO' ? 'standard' : 'reverse_charge')

/** Digits only: "923 609 016" → "923609016". */
export const digitsOf = (value: string) => value.replace(/[\s.-]/g, '')

/** A Norwegian organization number: nine digits, the last a mod-11 check digit (weights 3 2 7 6 5 4 3 2). */
export function isOrgNumber(value: string): boolean {
  const digits = digitsOf(value)
  if (!/^\d{9}$/.test(digits)) return false
  const weights = [3, 2, 7, 6, 5, 4, 3, 2]
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0)
  const check = 11 - (sum % 11)
  return (check === 11 ? 0 : check) === Number(digits[8])
}

/** The VAT number's prefix for an EU country (Greece: EL). */
export const vatPrefixOf = (country: BuyerCountry) => (country === 'GR' ? 'EL' : country)

/** An EU VAT number as written, normalised: "de 123 456 789" → "DE123456789". */
export const normalVatNumber = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase()

/** The form of an EU VAT number: the country's prefix, then 2 to 13 letters and digits. Stripe
 * checks it against VIES as well. */
export const isEuVatNumber = (country: BuyerCountry, value: string) => {
  const vat = normalVatNumber(value)
  return country !== 'NO' && vat.startsWith(vatPrefixOf(country)) && /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(vat)
}

/** A price in øre with MVA: 249 900 → 312 375. */
export const withVat = (ore: number) => Math.round((ore * (100 + VAT_RATE_PERCENT)) / 100)
