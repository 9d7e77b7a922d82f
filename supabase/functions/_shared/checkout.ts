// The body of the create-checkout function: one schema for the server and any client.
import { type } from 'arktype'

export const PRODUCT_TYPES = ['pro'] as const
export type ProductType = (typeof PRODUCT_TYPES)[number]
export type CheckoutLang = 'nb' | 'en'

/** `{ productType: 'pro', lang?: 'nb' | 'en' }`; unknown keys are dropped. */
export const checkoutRequestSchema = type({
  '+': 'delete',
  productType: "'pro'",
  'lang?': "'nb' | 'en'",
})

export type CheckoutRequest = { productType: ProductType; lang: CheckoutLang }

export type CheckoutValidation = { ok: true; request: CheckoutRequest } | { ok: false; problem: string }

export function validateCheckoutRequest(input: unknown): CheckoutValidation {
  const out = checkoutRequestSchema(input)
  if (out instanceof type.errors) return { ok: false, problem: out.summary }
  return { ok: true, request: { productType: out.productType, lang: out.lang ?? 'nb' } }
}

/** The function's answers: `{ url }` on success, `{ error }` otherwise. */
export type CheckoutResponse = { url: string } | { error: string }

/** Where the provider sends the buyer back: the dashboard of the buyer's language. */
export function returnUrls(siteUrl: string, lang: CheckoutLang) {
  const app = `${siteUrl.replace(/\/+$/, '')}${lang === 'en' ? '/en' : ''}/app`
  return { successUrl: `${app}?success=true`, cancelUrl: `${app}?canceled=true` }
}
