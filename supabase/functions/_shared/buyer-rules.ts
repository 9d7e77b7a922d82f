// The buyer a checkout names, field by field: what the form shows and the server checks, without a
// validator (the checkout page loads this at once). The schema is buyer.ts.
import type { FieldProblem } from './field-problems.ts'
import { type BuyerCountry, BUYER_COUNTRIES, digitsOf, isEuVatNumber, isOrgNumber, normalVatNumber } from './vat.ts'

export const buyerFields = ['country', 'orgNumber', 'vatNumber', 'companyName', 'addressLine', 'postalCode', 'city'] as const
export type BuyerField = (typeof buyerFields)[number]
export type BuyerValues = Record<BuyerField, string>

/** A Norwegian buyer is named by its organisation number (the register gives its name and address);
 * an EU buyer by its VAT number, name and address. */
export const fieldsFor = (country: string): readonly BuyerField[] =>
  country === 'NO' ? ['country', 'orgNumber'] : ['country', 'vatNumber', 'companyName', 'addressLine', 'postalCode', 'city']

export const isBuyerCountry = (value: string): value is BuyerCountry => (BUYER_COUNTRIES as readonly string[]).includes(value)

/** What is missing or wrong for the buyer's country (the schema checks lengths and the country). */
export function buyerProblems(values: Partial<BuyerValues>): Partial<Record<BuyerField, FieldProblem>> {
  const country = values.country ?? ''
  if (!isBuyerCountry(country)) return { country: country ? 'choice' : 'required' }
  const problems: Partial<Record<BuyerField, FieldProblem>> = {}
  for (const field of fieldsFor(country)) if (!values[field]?.trim()) problems[field] = 'required'
  if (country === 'NO' && !problems.orgNumber && !isOrgNumber(values.orgNumber ?? '')) problems.orgNumber = 'invalid'
  if (country !== 'NO' && !problems.vatNumber && !isEuVatNumber(country, values.vatNumber ?? '')) problems.vatNumber = 'invalid'
  return problems
}

/** The buyer as a checkout sends it, normalised: only the fields of its country. */
export type BuyerRequest =
  | { country: 'NO'; orgNumber: string }
  | { country: Exclude<BuyerCountry, 'NO'>; vatNumber: string; companyName: string; addressLine: string; postalCode: string; city: string }

/** The request a valid buyer makes; null while anything is missing or wrong. */
export function buyerRequest(values: Partial<BuyerValues>): BuyerRequest | null {
  if (Object.keys(buyerProblems(values)).length > 0) return null
  const country = values.country as BuyerCountry
  if (country === 'NO') return { country, orgNumber: digitsOf(values.orgNumber!) }
  const text = (field: BuyerField) => values[field]!.trim().replace(/\s+/g, ' ')
  return {
    country,
    vatNumber: normalVatNumber(values.vatNumber!),
    companyName: text('companyName'),
    addressLine: text('addressLine'),
    postalCode: text('postalCode'),
    city: text('city'),
  }
}
