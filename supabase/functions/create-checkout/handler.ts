// create-checkout: a signed-in user asks to buy a paid plan and gets the URL of a checkout page.
// With STRIPE_SECRET_KEY set, that is a Stripe Checkout Session (subscription mode); without it
// (the local stack), the stack's local payment page, through a session the stack keeps server-side
// so that nobody can pay in another user's name. Web standards and the stripe SDK's fetch client
// only: the same module runs under Deno (index.ts) and on the local stack.
//
// Every checkout of a user uses the user's one customer at the provider: made on the first
// checkout (an idempotency key per user, so two tabs at once get the same one) and kept in
// billing_customers. The plans, their prices' secrets and "already has it" come from the catalogue
// (_shared/plans.ts).
//
// The buyer is a business (the terms say so): a Norwegian one names its organisation number, which
// Enhetsregisteret must know (its name and business address go on the invoice, and it pays 25 %
// MVA whether or not it is VAT-registered); an EU one names its VAT number, name and address and is
// zero-rated with the reverse charge (mval. § 6-22 (2)). The customer at the provider gets them, in
// the buyer's language, before the session is made; the rate is a fixed tax rate (STRIPE_TAX_RATE_MVA).
//
// Request: POST { productType: <a paid plan's id>, lang?: 'nb' | 'en', buyer } with the user's
//          access token; buyer: { country: 'NO', orgNumber } | { country: <EU>, vatNumber,
//          companyName, addressLine, postalCode, city } (the schema: _shared/buyer.ts)
// Answers: 200 { url } | 400 { error } bad body | 401 { error } not signed in | 403 origin
//        | 422 { code: 'unknown_org_number', error } the register does not know the number (or it
//          was deleted): nothing is made at the provider
//        | 405 | 409 { code: 'already_on_plan', plan: <the id of the plan the user is on>, error }
//        | 409 { code: 'payment_owed', error } a payment is owed (a renewal failed, the plan is
//          locked for an unpaid one, or a first payment is incomplete): the customer fixes that
//          payment from the dashboard instead of buying a second subscription
//        | 500 not configured | 502 provider (or the register) failed.
//
// Environment:
//   SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY   (Supabase provides them)
//   SITE_URL             required: the site, for the return URLs (a secret to set)
//   Without any of these four, every request answers 500 and the log names what is missing.
//   SITE_ORIGINS         comma-separated origins allowed by CORS (default http://localhost:5173,
//                        http://localhost:5183; SITE_URL's origin is always allowed)
//   STRIPE_SECRET_KEY    when set, Stripe Checkout; each paid plan's price secret is then required
//   STRIPE_PRICE_PRO     the price of Pro (2 499 NOK a month, excluding VAT): a plan's `stripePriceEnv`
//   STRIPE_TAX_RATE_MVA  with STRIPE_SECRET_KEY, required: the tax rate "MVA" 25 %, exclusive, NO
//   BRREG_API_URL        optional: Enhetsregisteret's API (the local stack sets its stand-in)
//   STRIPE_API_BASE      optional protocol://host:port of the Stripe API (a fake server in tests)
//   LOCAL_PAYMENTS_URL   set by the local stack: where it creates its local payment sessions
import type { BuyerRequest } from '../_shared/buyer-rules.ts'
import { lookUpCompany, UNKNOWN_ORG_NUMBER } from '../_shared/company-register.ts'
import { invoiceFields, reverseChargeText } from '../_shared/invoice-texts.ts'
import { readJsonBody } from '../_shared/json-body.ts'
import { type TaxTreatment, taxTreatmentOf } from '../_shared/vat.ts'
import { type CheckoutLang, type CheckoutResponse, returnUrls, validateCheckoutRequest } from '../_shared/checkout.ts'
import type { Tables } from '../_shared/database.types.ts'
import type { FunctionEnv } from '../_shared/env.ts'
import { paymentProvider } from '../_shared/payment-provider.ts'
import { ALREADY_ON_PLAN, alreadyHas, currentPlan, owesPayment, PAYMENT_OWED, type Plan, planById } from '../_shared/plans.ts'
import { restRows, serviceRest } from '../_shared/service-rest.ts'
import { type SignedInUser, signedInRequest } from '../_shared/signed-in-user.ts'
import { stripeClient } from '../_shared/stripe-client.ts'
import { noStore } from '../_shared/no-store.ts'

export const MAX_BODY_BYTES = 4 * 1024

type User = Pick<SignedInUser, 'id' | 'email'>

function answer(status: number, body: CheckoutResponse, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  })
}

type SubscriptionRow = Pick<Tables<'subscriptions'>, 'product_name' | 'status'>
type CustomerRow = Pick<Tables<'billing_customers'>, 'stripe_customer_id'>

/** The user's rows, read with the service role. */
async function subscriptionsOf(env: FunctionEnv, userId: string): Promise<SubscriptionRow[]> {
  return restRows<SubscriptionRow>(
    serviceRest(env, `subscriptions?select=product_name,status&user_id=eq.${encodeURIComponent(userId)}`),
    'subscriptions of the user',
  )
}

/** The user's one customer at the provider: the stored one, else made now and stored (the first
 * stored wins, should two checkouts race). */
async function customerOf(env: FunctionEnv, user: User & { lang: CheckoutLang }): Promise<string> {
  const id = encodeURIComponent(user.id)
  const [stored] = await restRows<CustomerRow>(
    serviceRest(env, `billing_customers?select=stripe_customer_id&user_id=eq.${id}`),
    'customer of the user',
  )
  if (stored) return stored.stripe_customer_id
  const made = await paymentProvider(env)!.ensureCustomer(user)
  await restRows(
    serviceRest(env, 'billing_customers?on_conflict=user_id', {
      method: 'POST',
      headers: { Prefer: 'resolution=ignore-duplicates,return=minimal' },
      body: JSON.stringify({ user_id: user.id, stripe_customer_id: made }),
    }),
    'store customer',
  )
  const [kept] = await restRows<CustomerRow>(
    serviceRest(env, `billing_customers?select=stripe_customer_id&user_id=eq.${id}`),
    'customer of the user',
  )
  return kept?.stripe_customer_id ?? made
}

/** The business that buys, as its invoices name it. */
export interface Buyer {
  name: string
  address: { line1: string; postal_code: string; city: string; country: string }
  /** A Norwegian buyer's organisation number (digits), else null. */
  orgNumber: string | null
  /** The VAT number Stripe keeps as the customer's tax ID: `no_vat` (orgnr + MVA, for a company in
   * the VAT register) or `eu_vat`; null for a Norwegian company outside the VAT register. */
  taxId: { type: 'no_vat' | 'eu_vat'; value: string } | null
  treatment: TaxTreatment
}

/** The buyer as the invoice names it: a Norwegian one from the register (null: it does not know the
 * number), an EU one as given. Throws when the register cannot answer. */
async function buyerOf(env: FunctionEnv, request: BuyerRequest): Promise<Buyer | null> {
  if (request.country === 'NO') {
    const company = await lookUpCompany(env, request.orgNumber)
    if (!company) return null
    return {
      name: company.name,
      address: { line1: company.address.line1, postal_code: company.address.postalCode, city: company.address.city, country: 'NO' },
      orgNumber: company.orgNumber,
      // Being VAT-registered changes nothing about the rate: a Norwegian buyer always pays MVA.
      taxId: company.vatRegistered ? { type: 'no_vat', value: `${company.orgNumber}MVA` } : null,
      treatment: taxTreatmentOf('NO'),
    }
  }
  return {
    name: request.companyName,
    address: { line1: request.addressLine, postal_code: request.postalCode, city: request.city, country: request.country },
    orgNumber: null,
    taxId: { type: 'eu_vat', value: request.vatNumber },
    treatment: taxTreatmentOf(request.country),
  }
}

type CheckoutInput = { user: User; plan: Plan; price: string; lang: CheckoutLang; customer: string; buyer: Buyer; successUrl: string; cancelUrl: string }

/** The customer as its invoices need it: the company's name and address, its VAT number, its
 * language, the invoice's fields and, zero-rated, `tax_exempt: 'reverse'` with the reverse-charge text. */
async function updateStripeCustomer(env: FunctionEnv, input: CheckoutInput): Promise<void> {
  const stripe = stripeClient(env)
  const { buyer, lang } = input
  const reverse = buyer.treatment === 'reverse_charge'
  await stripe.customers.update(input.customer, {
    name: buyer.name,
    address: buyer.address,
    preferred_locales: [lang],
    tax_exempt: reverse ? 'reverse' : 'none',
    invoice_settings: { custom_fields: invoiceFields(lang, buyer.orgNumber), footer: reverse ? reverseChargeText[lang] : '' },
    metadata: { org_number: buyer.orgNumber ?? '', tax_treatment: buyer.treatment },
  })
  if (!buyer.taxId) return
  const { data } = await stripe.customers.listTaxIds(input.customer, { limit: 100 })
  if (data.some((id) => id.type === buyer.taxId!.type && id.value === buyer.taxId!.value)) return
  await stripe.customers.createTaxId(input.customer, buyer.taxId)
}

async function stripeCheckout(env: FunctionEnv, input: CheckoutInput): Promise<string> {
  await updateStripeCustomer(env, input)
  const session = await stripeClient(env).checkout.sessions.create({
    mode: 'subscription',
    // Priced excluding VAT: the fixed 25 % rate is added for a Norwegian buyer, none for an EU
    // business (the customer is tax-exempt 'reverse'). The site has collected the company before.
    line_items: [{ price: input.price, quantity: 1, ...(input.buyer.treatment === 'standard' ? { tax_rates: [env.STRIPE_TAX_RATE_MVA!] } : {}) }],
    customer: input.customer,
    client_reference_id: input.user.id,
    metadata: { user_id: input.user.id, plan: input.plan.id },
    subscription_data: { metadata: { user_id: input.user.id, plan: input.plan.id } },
    locale: input.lang === 'en' ? 'en' : 'nb',
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  })
  if (!session.url) throw new Error(`Stripe returned session ${session.id} without a URL`)
  return session.url
}

/** The local stack's stand-in: it keeps the session (user, plan, return URLs) and gives its page's URL. */
async function localCheckout(env: FunctionEnv, input: CheckoutInput): Promise<string> {
  const res = await fetch(env.LOCAL_PAYMENTS_URL!, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      user_id: input.user.id,
      email: input.user.email,
      lang: input.lang,
      plan: input.plan.id,
      customer: input.customer,
      buyer: input.buyer,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    }),
  })
  if (!res.ok) throw new Error(`the local payment page answered ${res.status}: ${await res.text()}`)
  const { url } = (await res.json()) as { url?: string }
  if (!url) throw new Error('the local payment page returned no URL')
  return url
}

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const start = await signedInRequest(req, env, { name: 'create-checkout', required: ['SITE_URL'], notConfigured: 'Checkout is not configured' })
  if (start instanceof Response) return start
  const { user, cors } = start

  let body: unknown
  try {
    body = await readJsonBody(req, MAX_BODY_BYTES)
  } catch (error) {
    return answer(400, { error: (error as Error).message }, cors)
  }
  const validation = validateCheckoutRequest(body)
  if (!validation.ok) return answer(400, { error: `Invalid request: ${validation.problem}` }, cors)
  const { lang } = validation.request
  const plan = planById(validation.request.productType)!

  const stripe = Boolean(env.STRIPE_SECRET_KEY)
  const price = stripe ? env[plan.stripePriceEnv ?? ''] : `price_local_${plan.id}`
  if (stripe ? !price || !env.STRIPE_TAX_RATE_MVA : !env.LOCAL_PAYMENTS_URL) {
    const missing = [!price && plan.stripePriceEnv, !env.STRIPE_TAX_RATE_MVA && 'STRIPE_TAX_RATE_MVA'].filter(Boolean).join(' and ')
    console.error(`[create-checkout] not configured: ${stripe ? `${missing} is not set` : 'neither STRIPE_SECRET_KEY nor LOCAL_PAYMENTS_URL is set'}`)
    return answer(500, { error: 'Checkout is not configured' }, cors)
  }

  let rows: SubscriptionRow[]
  try {
    rows = await subscriptionsOf(env, user.id)
  } catch (error) {
    console.error('[create-checkout] could not read the subscriptions', error)
    return answer(500, { error: 'Could not read your subscription' }, cors)
  }
  if (owesPayment(rows)) return answer(409, { code: PAYMENT_OWED, error: 'A payment is owed' }, cors)
  const current = currentPlan(rows)
  if (alreadyHas(current, plan)) return answer(409, { code: ALREADY_ON_PLAN, plan: current.id, error: `Already on ${current.name}` }, cors)

  let buyer: Buyer | null
  try {
    buyer = await buyerOf(env, validation.request.buyer)
  } catch (error) {
    console.error(`[create-checkout] the register did not answer: ${(error as Error).message}`)
    return answer(502, { error: 'The company register could not be reached' }, cors)
  }
  if (!buyer) return answer(422, { code: UNKNOWN_ORG_NUMBER, error: 'No such organization number' }, cors)

  try {
    const customer = await customerOf(env, { ...user, lang })
    const input: CheckoutInput = { user, plan, price: price!, lang, customer, buyer, ...returnUrls(env.SITE_URL!, lang) }
    const url = stripe ? await stripeCheckout(env, input) : await localCheckout(env, input)
    return answer(200, { url }, cors)
  } catch (error) {
    console.error(`[create-checkout] the payment provider refused the checkout: ${(error as Error).message}`)
    return answer(502, { error: 'The payment provider could not start the checkout' }, cors)
  }
}

export default noStore(handler)
