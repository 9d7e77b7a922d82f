// The body of the create-checkout function: one schema for the server and any client.
import { type } from 'arktype'
import { type PaidPlanId, paidPlanIds } from './plans.ts'

/** What can be bought: the catalogue's paid plans (plans.ts). */
export const PRODUCT_TYPES = paidPlanIds as readonly PaidPlanId[]
export type ProductType = PaidPlanId
export type CheckoutLang = 'nb' | 'en'

/** `{ productType: <a paid plan's id>, lang?: 'nb' | 'en' }`; unknown keys are dropped. */
export const checkoutRequestSchema = type({
  '+': 'delete',
  productType: type.enumerated(...PRODUCT_TYPES),
  'lang?': "'nb' | 'en'",
})

export type CheckoutRequest = { productType: ProductType; lang: CheckoutLang }

export type CheckoutValidation = { ok: true; request: CheckoutRequest } | { ok: false; problem: string }

export function validateCheckoutRequest(input: unknown): CheckoutValidation {
  const out = checkoutRequestSchema(input)
  if (out instanceof type.errors) return { ok: false, problem: out.summary }
  return { ok: true, request: { productType: out.productType as ProductType, lang: out.lang ?? 'nb' } }
}

/** The function's answers: `{ url }` on success, `{ error }` otherwise. */
export type CheckoutResponse = { url: string } | { error: string }

/** Where the provider sends the buyer back: the dashboard of the buyer's language. */
export function returnUrls(siteUrl: string, lang: CheckoutLang) {
  const app = `${siteUrl.replace(/\/+$/, '')}${lang === 'en' ? '/en' : ''}/app`
  return { successUrl: `${app}?success=true`, cancelUrl: `${app}?canceled=true` }
}
