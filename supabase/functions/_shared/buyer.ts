// The schema of the buyer a checkout names: the checkout form's and create-checkout's.
import { type } from 'arktype'
import { BUYER_COUNTRIES } from './vat.ts'

/** Every field a string of a sensible length; which are needed depends on the country (buyer-rules.ts). */
export const buyerSchema = type({
  '+': 'delete',
  country: type.enumerated(...BUYER_COUNTRIES),
  'orgNumber?': 'string <= 20',
  'vatNumber?': 'string <= 20',
  'companyName?': 'string <= 120',
  'addressLine?': 'string <= 120',
  'postalCode?': 'string <= 12',
  'city?': 'string <= 60',
})

/** The form's schema: every field as the page holds it. */
export const buyerFormSchema = type({
  '+': 'delete',
  country: type.enumerated(...BUYER_COUNTRIES),
  orgNumber: 'string <= 20',
  vatNumber: 'string <= 20',
  companyName: 'string <= 120',
  addressLine: 'string <= 120',
  postalCode: 'string <= 12',
  city: 'string <= 60',
})
