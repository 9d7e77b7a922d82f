// The bodies of the create-checkout and create-portal-session functions, and where the payment
// provider sends the customer back: one schema for the server and any client.
import { type } from 'arktype'
import { buyerSchema } from './buyer.ts'
import { type BuyerRequest, buyerProblems, buyerRequest } from './buyer-rules.ts'
import { type PaidPlanId, paidPlanIds } from './plans.ts'

/** What can be bought: the catalogue's paid plans (plans.ts). */
export const PRODUCT_TYPES = paidPlanIds as readonly PaidPlanId[]
export type ProductType = PaidPlanId
export type CheckoutLang = 'nb' | 'en'

/** `{ productType: <a paid plan's id>, lang?: 'nb' | 'en', buyer }`; unknown keys are dropped. The
 * buyer is a business: a Norwegian one by its organisation number, an EU one by its VAT number,
 * name and address (buyer-rules.ts). */
export const checkoutRequestSchema = type({
  '+': 'delete',
  productType: type.enumerated(...PRODUCT_TYPES),
  'lang?': "'nb' | 'en'",
  buyer: buyerSchema,
})

export type CheckoutRequest = { productType: ProductType; lang: CheckoutLang; buyer: BuyerRequest }

export type CheckoutValidation = { ok: true; request: CheckoutRequest } | { ok: false; problem: string }

export function validateCheckoutRequest(input: unknown): CheckoutValidation {
  const out = checkoutRequestSchema(input)
  if (out instanceof type.errors) return { ok: false, problem: out.summary }
  const buyer = buyerRequest(out.buyer)
  if (!buyer) {
    const [field, problem] = Object.entries(buyerProblems(out.buyer))[0]!
    return { ok: false, problem: `buyer.${field} is ${problem === 'required' ? 'missing' : 'not valid'}` }
  }
  return { ok: true, request: { productType: out.productType as ProductType, lang: out.lang ?? 'nb', buyer } }
}

/** The function's answers: `{ url }` on success, `{ error }` otherwise; a refusal the site words
 * in the visitor's language also carries its `code` (and the plan it names). */
export type CheckoutResponse = { url: string } | { error: string; code?: string; plan?: string }

/** The dashboard in the visitor's language: `<site>/app` (nb) or `<site>/en/app` (en). */
export function dashboardUrl(siteUrl: string, lang: CheckoutLang): string {
  return `${siteUrl.replace(/\/+$/, '')}${lang === 'en' ? '/en' : ''}/app`
}

/** Where the provider sends the buyer back: the dashboard of the buyer's language. */
export function returnUrls(siteUrl: string, lang: CheckoutLang) {
  const app = dashboardUrl(siteUrl, lang)
  return { successUrl: `${app}?success=true`, cancelUrl: `${app}?canceled=true` }
}

// ---------------------------------------------------------------------------------------------
// The body of the create-portal-session function.

/** `{ lang?: 'nb' | 'en' }`; unknown keys are dropped. */
export const portalRequestSchema = type({
  '+': 'delete',
  'lang?': "'nb' | 'en'",
})

export type PortalRequest = { lang: CheckoutLang }

export type PortalValidation = { ok: true; request: PortalRequest } | { ok: false; problem: string }

export function validatePortalRequest(input: unknown): PortalValidation {
  // With no required key the schema alone would take an array (an object to JavaScript).
  if (Array.isArray(input)) return { ok: false, problem: 'must be an object (was an array)' }
  const out = portalRequestSchema(input)
  if (out instanceof type.errors) return { ok: false, problem: out.summary }
  return { ok: true, request: { lang: out.lang ?? 'nb' } }
}

/** The function's answers: `{ url }` of the provider's portal on success, `{ error }` otherwise. */
export type PortalResponse = { url: string } | { error: string }
