// The payment ledger's work after a reading is written, in-process: the mail of a failed renewal
// attempt, the fixed card of customer.updated, the card an invoice was paid with, and the invoice
// rows of the dashboard and the accounting export. PostgREST and the mail provider are a scripted
// backend (every request asserted); the payment provider is an in-memory one behind the
// PaymentProvider interface. The same paths through the real local stack and its payment stand-in
// are in renewals.test.ts and the invoices' e2e tests.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts'
import { authMailTexts } from '../../supabase/functions/_shared/auth-mail-texts.ts'
import { concernsLedger, invoiceRowOf, LedgerError, type LedgerEvent, paymentStateOf, processEvent } from '../../supabase/functions/_shared/payment-ledger.ts'
import type { PayOutcome, ProviderCustomer, ProviderInvoice, ProviderSubscription } from '../../supabase/functions/_shared/payment-provider.ts'
import { type Call, json, on, providerStub, type Route, recordedCalls, stubFetch, undoStubs } from './scripted-backend.ts'

const NOW = Date.parse('2026-11-26T12:00:00Z') / 1000
const USER = '0f8fad5b-d9cb-469f-a165-70867728950e'
const DAY = 86_400

const env: FunctionEnv = {
  SUPABASE_URL: 'http://stack.test',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
  STRIPE_PRICE_PRO: 'price_pro',
  SITE_URL: 'https://vekstlinje.no/',
  BREVO_API_KEY: 'brevo-key',
  BREVO_API_BASE: 'http://brevo.test/',
}

let calls: Call[]
let routes: Route[]
let logged: unknown[][]
let version: number
/** What claim_payment_mail answers: the account to mail, or null (mailed before). */
let recipient: { email: string; lang: string } | null
/** The account's subscriptions that owe a payment, as the ledger lists them by customer. */
let owingRows: Array<{ stripe_subscription_id: string | null; user_id: string | null }>
let brevoStatus: number

/** The provider's side, in memory, and what the ledger asked of it. */
const provider = {
  subscriptions: new Map<string, ProviderSubscription>(),
  invoices: new Map<string, ProviderInvoice>(),
  customers: new Map<string, ProviderCustomer>(),
  payAnswer: 'paid' as PayOutcome,
  asked: [] as string[],
}
/** Notes what was asked of the provider, and answers. */
function asked<T>(what: string, answer: T): T {
  provider.asked.push(what)
  return answer
}
const fake = providerStub({
  retrieveSubscription: async (id) => asked(`subscription ${id}`, structuredClone(provider.subscriptions.get(id) ?? null)),
  retrieveInvoice: async (id) => asked(`invoice ${id}`, structuredClone(provider.invoices.get(id) ?? null)),
  retrieveCustomer: async (id) => asked(`customer ${id}`, provider.customers.get(id) ?? null),
  setSubscriptionPaymentMethod: async (id, method) => {
    provider.asked.push(`set ${id} ${method}`)
    provider.subscriptions.get(id)!.default_payment_method = method
  },
  payInvoice: async (id, method) => {
    provider.asked.push(`pay ${id} ${method}`)
    return provider.payAnswer
  },
})

beforeEach(() => {
  calls = []
  logged = []
  version = 100
  recipient = { email: 'kari@example.no', lang: 'nb' }
  owingRows = [{ stripe_subscription_id: 'sub_1', user_id: USER }]
  brevoStatus = 201
  provider.subscriptions.clear()
  provider.invoices.clear()
  provider.customers.clear()
  provider.payAnswer = 'paid'
  provider.asked = []
  routes = [
    on('POST', /^\/rest\/v1\/rpc\/record_payment_event$/, () => json(200, ++version)),
    on('POST', /^\/rest\/v1\/rpc\/next_subscription_version$/, () => json(200, ++version)),
    on('POST', /^\/rest\/v1\/rpc\/apply_subscription_snapshot$/, () => json(200, { result: 'applied' })),
    on('POST', /^\/rest\/v1\/rpc\/claim_payment_mail$/, () => json(200, recipient)),
    on('POST', /^\/rest\/v1\/rpc\/record_invoice$/, () => json(200, null)),
    on('PATCH', /^\/rest\/v1\/payment_mails\?/, () => new Response(null, { status: 204 })),
    on('DELETE', /^\/rest\/v1\/payment_mails\?/, () => new Response(null, { status: 204 })),
    on('PATCH', /^\/rest\/v1\/payment_events\?id=eq\./, () => new Response(null, { status: 204 })),
    on('DELETE', /^\/rest\/v1\/payment_events\?id=eq\./, () => new Response(null, { status: 204 })),
    on('GET', /^\/rest\/v1\/subscriptions\?/, () => json(200, owingRows)),
    on('POST', /^\/v3\/smtp\/email$/, () => json(brevoStatus, brevoStatus < 300 ? { messageId: 'm1' } : { message: 'refused' })),
  ]
  for (const level of ['error', 'warn'] as const) vi.spyOn(console, level).mockImplementation((...args) => void logged.push(args))
  stubFetch(
    () => routes,
    (call) => void calls.push(call),
  )
})
afterEach(undoStubs)

const { made, rpcs, applied } = recordedCalls(() => calls)
const sentMails = () => made('POST', '/v3/smtp/email').map((c) => c.body as { sender: { email: string; name?: string }; to: Array<{ email: string }>; subject: string; textContent: string; htmlContent: string })

function subscription(values: Partial<ProviderSubscription> = {}): ProviderSubscription {
  const sub: ProviderSubscription = {
    id: 'sub_1',
    customer: 'cus_1',
    status: 'past_due',
    cancel_at_period_end: false,
    canceled_at: null,
    created: NOW - 40 * DAY,
    metadata: { user_id: USER, plan: 'pro' },
    items: { data: [{ price: { id: 'price_pro' }, current_period_end: NOW + 20 * DAY }] },
    latest_invoice: 'in_1',
    default_payment_method: 'pm_old',
    ...values,
  }
  provider.subscriptions.set(sub.id, sub)
  return sub
}

function invoice(values: Partial<ProviderInvoice> = {}): ProviderInvoice {
  const inv: ProviderInvoice = {
    id: 'in_1',
    status: 'open',
    customer: 'cus_1',
    attempt_count: 1,
    next_payment_attempt: NOW + 3 * DAY,
    hosted_invoice_url: 'https://pay.test/in_1',
    amount_due: 312_375,
    currency: 'nok',
    number: 'VL-0002',
    created: NOW - DAY,
    subtotal: 249_900,
    total: 312_375,
    total_taxes: [{ amount: 62_475 }],
    payment: { status: 'requires_payment_method', payment_method: 'pm_old' },
    ...values,
  }
  provider.invoices.set(inv.id, inv)
  return inv
}

let serial = 0
const event = (type: string, object: Record<string, unknown>, extra: Partial<LedgerEvent['data']> = {}): LedgerEvent => ({
  id: `evt_${++serial}`,
  type,
  created: NOW - 5,
  data: { object, ...extra },
})
/** An invoice event of sub_1 (API 2025-03-31: the subscription at parent.subscription_details). */
const invoiceEvent = (type: string, fields: Record<string, unknown> = {}) =>
  event(type, { id: 'in_1', object: 'invoice', parent: { subscription_details: { subscription: 'sub_1', metadata: { user_id: USER } } }, ...fields })

const mailText = (lang: 'nb' | 'en', key: keyof (typeof authMailTexts)['nb']) => authMailTexts[lang][key]

describe('a failed attempt: one mail per attempt of an invoice still open', () => {
  it('claims the attempt, mails the account in its language with the invoice’s page and the next attempt, then marks it sent', async () => {
    subscription()
    invoice()
    expect(await processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 2 }))).toEqual({ result: 'applied', changed: true })
    expect(rpcs('claim_payment_mail')).toEqual([{ invoice_id: 'in_1', attempt: 2, subscription_id: 'sub_1', kind: 'failed' }])
    const [mail, ...others] = sentMails()
    expect(others).toEqual([])
    expect(mail!.to).toEqual([{ email: 'kari@example.no' }])
    expect(mail!.sender).toEqual({ name: 'Vekstlinje', email: 'noreply@vekstlinje.no' })
    expect(mail!.subject).toBe(mailText('nb', 'payment-failed.subject'))
    expect(mail!.htmlContent).toContain('https://pay.test/in_1')
    expect(mail!.textContent).toContain('3\u00a0123,75\u00a0kr')
    expect(mail!.textContent).toContain('Pro')
    expect(mail!.textContent).toContain('29. november 2026')
    const sent = made('PATCH', '/rest/v1/payment_mails?')
    expect(sent.map((c) => c.path)).toEqual(['/rest/v1/payment_mails?invoice_id=eq.in_1&attempt=eq.2'])
    expect(new Date((sent[0]!.body as { sent_at: string }).sent_at).getTime()).toBeGreaterThan(Date.now() - 60_000)
    // The reading written says what is owed: the next attempt, no bank confirmation awaited.
    expect(applied()[0]!.snapshot).toMatchObject({ status: 'past_due', payment_action_required: false, next_payment_attempt: '2026-11-29T12:00:00.000Z' })
  })

  it('the attempt: the event’s count, else the invoice’s, else the first', async () => {
    subscription()
    invoice({ attempt_count: 3 })
    await processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 0 }))
    invoice({ attempt_count: 0 })
    await processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: '4' }))
    invoice({ attempt_count: null })
    await processEvent(env, fake, invoiceEvent('invoice.payment_failed'))
    expect(rpcs('claim_payment_mail').map((c) => (c as { attempt: number }).attempt)).toEqual([3, 1, 1])
  })

  it('an invoice whose payment is not known yet is a failed one', async () => {
    subscription()
    invoice({ payment: null })
    await processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 1 }))
    expect(rpcs('claim_payment_mail')).toEqual([{ invoice_id: 'in_1', attempt: 1, subscription_id: 'sub_1', kind: 'failed' }])
  })

  it('the links of a site address with trailing slashes, or of none', async () => {
    subscription()
    invoice({ hosted_invoice_url: null })
    await processEvent({ ...env, SITE_URL: 'https://vekstlinje.no//' }, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 1 }))
    const { SITE_URL: _unset, ...withoutSite } = env
    await processEvent(withoutSite, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 2 }))
    const [slashes, none] = sentMails()
    expect(slashes!.htmlContent).toContain('href="https://vekstlinje.no/app"')
    expect(none!.htmlContent).toContain('href="/app"')
  })

  it('a storage failure names the step in the log: the claim, marking it sent', async () => {
    subscription()
    invoice()
    routes.unshift(on('POST', /^\/rest\/v1\/rpc\/claim_payment_mail$/, () => json(500, {})))
    await expect(processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 1 }))).rejects.toBeInstanceOf(LedgerError)
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: claim mail: PostgREST answered 500/)
    routes.shift()
    routes.unshift(on('PATCH', /^\/rest\/v1\/payment_mails\?/, () => json(500, {})))
    await expect(processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 1 }))).rejects.toBeInstanceOf(LedgerError)
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: mail sent: PostgREST answered 500/)
  })

  it('the bank wants a confirmation (3-D Secure): the English mail asks to confirm, and the row says so', async () => {
    recipient = { email: 'kari@example.no', lang: 'en' }
    subscription()
    invoice({ payment: { status: 'requires_action', payment_method: 'pm_old' }, next_payment_attempt: null })
    await processEvent(env, fake, invoiceEvent('invoice.payment_action_required', { attempt_count: 1 }))
    expect(rpcs('claim_payment_mail')).toEqual([{ invoice_id: 'in_1', attempt: 1, subscription_id: 'sub_1', kind: 'action_required' }])
    const [mail] = sentMails()
    expect(mail!.subject).toBe(mailText('en', 'payment-action.subject'))
    expect(mail!.textContent).toContain('3\u00a0123.75\u00a0NOK')
    expect(applied()[0]!.snapshot).toMatchObject({ payment_action_required: true, next_payment_attempt: null })
  })

  it('no retry planned: the mail says the card is not tried again; an account of another language gets Norwegian', async () => {
    recipient = { email: 'kari@example.no', lang: 'de' }
    subscription()
    invoice({ next_payment_attempt: null })
    await processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 4 }))
    const [mail] = sentMails()
    expect(mail!.subject).toBe(mailText('nb', 'payment-failed.subject'))
    expect(mail!.textContent).toContain(mailText('nb', 'payment-failed.no-retry'))
  })

  it('an invoice without its page links to the dashboard in the account’s language; the sender is the configured one; the currency defaults to kroner', async () => {
    recipient = { email: 'kari@example.no', lang: 'en' }
    subscription()
    invoice({ hosted_invoice_url: null, currency: null, amount_due: 249_900 })
    await processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 1 }), 'reconcile-payments')
    recipient = { email: 'kari@example.no', lang: 'nb' }
    invoice({ hosted_invoice_url: null, amount_due: undefined })
    await processEvent({ ...env, AUTH_MAIL_FROM: 'Kari <kari@vekstlinje.no>' }, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 2 }))
    const [en, nb] = sentMails()
    expect(en!.htmlContent).toContain('https://vekstlinje.no/en/app')
    expect(en!.textContent).toContain('2\u00a0499\u00a0NOK')
    expect(nb!.htmlContent).toContain('https://vekstlinje.no/app')
    expect(nb!.htmlContent).not.toContain('https://vekstlinje.no//app')
    expect(nb!.textContent).toContain('0\u00a0kr')
    expect(nb!.sender).toEqual({ name: 'Kari', email: 'kari@vekstlinje.no' })
  })

  it('paid meanwhile, mailed before (the claim refused), or an event without an invoice id: no mail', async () => {
    subscription()
    invoice({ status: 'paid' })
    await processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 1 }))
    expect(rpcs('claim_payment_mail')).toEqual([])
    invoice()
    recipient = null
    await processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 1 }))
    expect(rpcs('claim_payment_mail')).toHaveLength(1)
    recipient = { email: 'kari@example.no', lang: 'nb' }
    await processEvent(env, fake, invoiceEvent('invoice.payment_failed', { id: 'not-an-invoice', attempt_count: 1 }))
    expect(rpcs('claim_payment_mail')).toHaveLength(1)
    expect(provider.asked.filter((a) => a.startsWith('invoice') && a !== 'invoice in_1')).toEqual([])
    // An invoice the provider does not know: nothing to mail.
    provider.invoices.clear()
    expect((await processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 1 }))).result).toBe('applied')
    expect(rpcs('claim_payment_mail')).toHaveLength(1)
    expect(sentMails()).toEqual([])
    expect(made('PATCH', '/rest/v1/payment_mails?')).toEqual([])
  })

  it('the mail provider refuses: the claim is released, the event forgotten, and the ledger fails so that it is handled again', async () => {
    subscription()
    invoice()
    brevoStatus = 500
    const failed = processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 2 }))
    await expect(failed).rejects.toBeInstanceOf(LedgerError)
    expect(made('DELETE', '/rest/v1/payment_mails?').map((c) => c.path)).toEqual(['/rest/v1/payment_mails?invoice_id=eq.in_1&attempt=eq.2&sent_at=is.null'])
    expect(made('PATCH', '/rest/v1/payment_mails?')).toEqual([])
    expect(made('DELETE', '/rest/v1/payment_events?')).toHaveLength(1)
  })
})

describe('a fixed card: customer.updated with a new default payment method', () => {
  const cardChanged = (previous: Record<string, unknown> = { invoice_settings: { default_payment_method: 'pm_old' } }, id = 'cus_1') =>
    event('customer.updated', { id, object: 'customer', invoice_settings: { default_payment_method: 'pm_new' } }, { previous_attributes: previous })

  it('each owing subscription of the customer gets the card as its own and its open invoice is paid with it; the row is read again', async () => {
    subscription()
    invoice()
    provider.customers.set('cus_1', { id: 'cus_1', default_payment_method: 'pm_new' })
    expect(await processEvent(env, fake, cardChanged())).toEqual({ result: 'settled', changed: false })
    expect(made('GET', '/rest/v1/subscriptions?').map((c) => c.path)).toEqual([
      '/rest/v1/subscriptions?select=stripe_subscription_id,user_id&stripe_customer_id=eq.cus_1&status=in.(past_due,unpaid,incomplete)',
    ])
    expect(provider.asked).toEqual(['customer cus_1', 'subscription sub_1', 'set sub_1 pm_new', 'invoice in_1', 'pay in_1 pm_new', 'subscription sub_1', 'invoice in_1'])
    // The event's own version went to its record; the fresh reading draws the next.
    expect(applied().map((a) => a.version)).toEqual([102])
    expect(rpcs('record_payment_event')).toEqual([{ event_id: expect.stringMatching(/^evt_/), event_type: 'customer.updated', created: '2026-11-26T11:59:55.000Z', account: null }])
    expect(logged).toEqual([])
  })

  it('a customer the provider does not know, an owing subscription whose invoice it does not know: nothing paid; a list that fails names itself', async () => {
    expect((await processEvent(env, fake, cardChanged())).result).toBe('ignored')
    provider.customers.set('cus_1', { id: 'cus_1', default_payment_method: 'pm_new' })
    subscription({ latest_invoice: 'in_gone' })
    expect((await processEvent(env, fake, cardChanged())).result).toBe('settled')
    expect(provider.asked.filter((a) => a.startsWith('pay'))).toEqual([])
    routes.unshift(on('GET', /^\/rest\/v1\/subscriptions\?/, () => json(500, {})))
    await expect(processEvent(env, fake, cardChanged())).rejects.toBeInstanceOf(LedgerError)
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: subscriptions of the customer: PostgREST answered 500/)
  })

  it('a subscription that has the card already is not set again; an invoice no longer open is not paid; a refusal is logged', async () => {
    subscription({ default_payment_method: { id: 'pm_new' } as unknown as string })
    invoice({ status: 'paid' })
    provider.customers.set('cus_1', { id: 'cus_1', default_payment_method: 'pm_new' })
    await processEvent(env, fake, cardChanged())
    expect(provider.asked.filter((a) => a.startsWith('set') || a.startsWith('pay'))).toEqual([])
    subscription({ default_payment_method: 'pm_new' })
    invoice()
    provider.payAnswer = 'declined'
    expect((await processEvent(env, fake, cardChanged())).result).toBe('settled')
    expect(provider.asked.filter((a) => a.startsWith('set') || a.startsWith('pay'))).toEqual(['pay in_1 pm_new'])
    expect(logged.some((line) => /in_1 of sub_1: the new payment method did not pay it \(declined\)/.test(String(line[0])))).toBe(true)
  })

  it('a customer without a default card, no owing row, a subscription that no longer owes or is unknown: nothing paid, ignored', async () => {
    provider.customers.set('cus_1', { id: 'cus_1', default_payment_method: null })
    expect((await processEvent(env, fake, cardChanged())).result).toBe('ignored')
    expect(made('GET', '/rest/v1/subscriptions?')).toEqual([])
    provider.customers.set('cus_1', { id: 'cus_1', default_payment_method: 'pm_new' })
    owingRows = [
      { stripe_subscription_id: null, user_id: USER },
      { stripe_subscription_id: 'sub_gone', user_id: USER },
      { stripe_subscription_id: 'sub_1', user_id: USER },
    ]
    subscription({ status: 'active' })
    expect((await processEvent(env, fake, cardChanged())).result).toBe('ignored')
    expect(provider.asked.filter((a) => a.startsWith('set') || a.startsWith('pay') || a.startsWith('invoice'))).toEqual([])
    expect(applied()).toEqual([])
  })

  it('a customer.updated that changed something else, or names no customer id, is no concern of the ledger', async () => {
    provider.customers.set('cus_1', { id: 'cus_1', default_payment_method: 'pm_new' })
    expect((await processEvent(env, fake, cardChanged({ email: 'old@example.no' }))).result).toBe('ignored')
    expect((await processEvent(env, fake, event('customer.updated', { id: 'cus_1' }))).result).toBe('ignored')
    expect((await processEvent(env, fake, cardChanged(undefined, 'acct_1'))).result).toBe('ignored')
    expect((await processEvent(env, fake, event('customer.created', { id: 'cus_1' }, { previous_attributes: { invoice_settings: {} } }))).result).toBe('ignored')
    expect(calls).toEqual([])
    expect(provider.asked).toEqual([])
  })
})

describe('an invoice paid with another card (on its page): that card becomes the subscription’s', () => {
  it('set when the paid invoice’s method differs; not when it is the same, the invoice is not paid, or the subscription has ended', async () => {
    subscription({ status: 'active' })
    invoice({ status: 'paid', payment: { status: 'succeeded', payment_method: 'pm_page' } })
    await processEvent(env, fake, invoiceEvent('invoice.paid'))
    expect(provider.asked.filter((a) => a.startsWith('set'))).toEqual(['set sub_1 pm_page'])
    provider.asked = []
    await processEvent(env, fake, invoiceEvent('invoice.paid'))
    invoice({ status: 'open', payment: { status: 'succeeded', payment_method: 'pm_other' } })
    await processEvent(env, fake, invoiceEvent('invoice.paid'))
    subscription({ status: 'canceled' })
    invoice({ status: 'paid', payment: { status: 'succeeded', payment_method: 'pm_other' } })
    await processEvent(env, fake, invoiceEvent('invoice.paid'))
    await processEvent(env, fake, invoiceEvent('invoice.paid', { id: 'x_1' }))
    subscription({ status: 'active' })
    invoice({ status: 'paid', payment: null })
    expect((await processEvent(env, fake, invoiceEvent('invoice.paid'))).result).toBe('applied')
    expect(provider.asked.filter((a) => a.startsWith('set'))).toEqual([])
  })
})

describe('the invoice rows', () => {
  it('every invoice event of a known account’s subscription records the invoice as the provider has it now', async () => {
    subscription({ status: 'active' })
    invoice({
      status: 'paid',
      status_transitions: { finalized_at: NOW - 3600 },
      due_date: NOW + 14 * DAY,
      customer_name: 'Nordlys AS',
      customer_tax_exempt: 'none',
      customer_tax_ids: [{ type: 'no_vat', value: '923456783MVA' }],
      invoice_pdf: 'https://pay.test/in_1.pdf',
      lines: { data: [{ period: { start: NOW - DAY, end: NOW + 29 * DAY } }] },
    } as Partial<ProviderInvoice>)
    await processEvent(env, fake, invoiceEvent('invoice.finalized'))
    expect(rpcs('record_invoice')).toEqual([
      {
        reading: {
          id: 'in_1',
          user_id: USER,
          stripe_customer_id: 'cus_1',
          stripe_subscription_id: 'sub_1',
          number: 'VL-0002',
          status: 'paid',
          currency: 'nok',
          subtotal: 249_900,
          tax: 62_475,
          total: 312_375,
          tax_treatment: 'standard',
          issued_at: '2026-11-26T11:00:00.000Z',
          due_at: '2026-12-10T12:00:00.000Z',
          period_start: '2026-11-25T12:00:00.000Z',
          period_end: '2026-12-25T12:00:00.000Z',
          buyer_name: 'Nordlys AS',
          buyer_tax_id: '923456783MVA',
          invoice_pdf: 'https://pay.test/in_1.pdf',
          hosted_invoice_url: 'https://pay.test/in_1',
        },
      },
    ])
  })

  it('the account: the event’s, else the subscription’s metadata', async () => {
    subscription({ status: 'active' })
    invoice({ status: 'paid' })
    await processEvent(env, fake, event('invoice.paid', { id: 'in_1', subscription: 'sub_1' }))
    expect((rpcs('record_invoice')[0] as { reading: { user_id: string } }).reading.user_id).toBe(USER)
  })

  it('a draft, an invoice without a number, an unknown one, an event without an invoice id, or a reading not written: no row', async () => {
    subscription({ status: 'active' })
    invoice({ status: 'draft' })
    await processEvent(env, fake, invoiceEvent('invoice.finalized'))
    invoice({ number: null })
    await processEvent(env, fake, invoiceEvent('invoice.finalized'))
    provider.invoices.clear()
    await processEvent(env, fake, invoiceEvent('invoice.finalized'))
    await processEvent(env, fake, invoiceEvent('invoice.finalized', { id: 'nope' }))
    expect(provider.asked.filter((a) => a.startsWith('invoice') && a !== 'invoice in_1')).toEqual([])
    invoice({ status: 'paid' })
    // An account that is gone (a finished subscription, so nothing to refund).
    subscription({ status: 'canceled' })
    routes.unshift(on('POST', /^\/rest\/v1\/rpc\/apply_subscription_snapshot$/, () => json(200, { result: 'unlinked' })))
    await processEvent(env, fake, invoiceEvent('invoice.finalized'))
    expect(rpcs('record_invoice')).toEqual([])
  })

  it('an account named nowhere: the row has none; a row that cannot be recorded names itself', async () => {
    subscription({ status: 'active', metadata: null })
    invoice({ status: 'paid' })
    await processEvent(env, fake, event('invoice.paid', { id: 'in_1', subscription: 'sub_1' }))
    expect((rpcs('record_invoice')[0] as { reading: { user_id: string | null } }).reading.user_id).toBeNull()
    routes.unshift(on('POST', /^\/rest\/v1\/rpc\/record_invoice$/, () => json(500, {})))
    await expect(processEvent(env, fake, event('invoice.paid', { id: 'in_1', subscription: 'sub_1' }))).rejects.toBeInstanceOf(LedgerError)
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: record invoice: PostgREST answered 500/)
  })

  it('the reading of a subscription event records no invoice', async () => {
    subscription({ status: 'active' })
    invoice({ status: 'paid' })
    await processEvent(env, fake, event('customer.subscription.updated', { id: 'sub_1', metadata: { user_id: USER } }))
    expect(rpcs('record_invoice')).toEqual([])
  })

  it('a stale reading still records the invoice', async () => {
    subscription({ status: 'active' })
    invoice({ status: 'paid' })
    routes.unshift(on('POST', /^\/rest\/v1\/rpc\/apply_subscription_snapshot$/, () => json(200, { result: 'stale' })))
    expect((await processEvent(env, fake, invoiceEvent('invoice.paid'))).result).toBe('stale')
    expect(rpcs('record_invoice')).toHaveLength(1)
  })
})

describe('invoiceRowOf: the fields an accountant reads', () => {
  const base: ProviderInvoice = { id: 'in_9', status: 'open', number: 'VL-0009', created: NOW, payment: null }

  it('the tax: the sum of the invoice’s taxes, else the total less the subtotal; amounts fall back to the amount due', () => {
    expect(invoiceRowOf({ ...base, subtotal: 1000, total: 1250, total_taxes: [{ amount: 200 }, { amount: 50 }] }, USER, 'sub_1')).toMatchObject({ subtotal: 1000, total: 1250, tax: 250 })
    expect(invoiceRowOf({ ...base, subtotal: 1000, total: 1250 }, USER, 'sub_1')).toMatchObject({ tax: 250 })
    expect(invoiceRowOf({ ...base, amount_due: 900 }, USER, 'sub_1')).toMatchObject({ subtotal: 900, total: 900, tax: 0 })
    expect(invoiceRowOf({ ...base }, USER, 'sub_1')).toMatchObject({ subtotal: 0, total: 0, tax: 0 })
    expect(invoiceRowOf({ ...base, subtotal: 500 }, USER, 'sub_1')).toMatchObject({ subtotal: 500, total: 500, tax: 0 })
  })

  it('an EU business’s reverse charge; the dates: finalized, else created; due, else finalized, else created', () => {
    const row = invoiceRowOf({ ...base, customer_tax_exempt: 'reverse', customer: { id: 'cus_9' } }, null, null)!
    expect(row).toMatchObject({
      tax_treatment: 'reverse_charge',
      stripe_customer_id: 'cus_9',
      user_id: null,
      stripe_subscription_id: null,
      issued_at: '2026-11-26T12:00:00.000Z',
      due_at: '2026-11-26T12:00:00.000Z',
      period_start: null,
      period_end: null,
      buyer_name: null,
      buyer_tax_id: null,
      invoice_pdf: null,
      hosted_invoice_url: null,
      currency: 'nok',
    })
    expect(invoiceRowOf({ ...base, customer_tax_exempt: 'exempt', status_transitions: { finalized_at: NOW + 60 } }, null, null)).toMatchObject({
      tax_treatment: 'standard',
      issued_at: '2026-11-26T12:01:00.000Z',
      due_at: '2026-11-26T12:01:00.000Z',
      stripe_customer_id: null,
    })
    expect(invoiceRowOf({ ...base, currency: 'eur', customer_tax_ids: [{ type: 'eu_vat', value: null }] }, null, null)).toMatchObject({ currency: 'eur', buyer_tax_id: null })
    expect(invoiceRowOf({ ...base, customer_tax_ids: [] }, null, null)).toMatchObject({ buyer_tax_id: null })
    expect(invoiceRowOf({ ...base, lines: { data: [] } }, null, null)).toMatchObject({ period_start: null, period_end: null })
    expect(invoiceRowOf({ ...base, lines: {} }, null, null)).toMatchObject({ period_start: null, period_end: null })
    expect(invoiceRowOf({ ...base, lines: { data: [{ period: null }] } }, null, null)).toMatchObject({ period_start: null, period_end: null })
  })

  it('no row for a draft, one without a status or without a number', () => {
    expect(invoiceRowOf({ ...base, status: 'draft' }, USER, null)).toBeNull()
    expect(invoiceRowOf({ ...base, status: null }, USER, null)).toBeNull()
    expect(invoiceRowOf({ ...base, number: '' }, USER, null)).toBeNull()
    expect(invoiceRowOf({ ...base, status: 'void' }, USER, null)).toMatchObject({ status: 'void' })
  })
})

describe('paymentStateOf: what the row says is owed', () => {
  const owing = { id: 'sub_1', customer: 'cus_1', status: 'past_due' } as ProviderSubscription
  const open: ProviderInvoice = { id: 'in_1', status: 'open', next_payment_attempt: NOW + DAY, payment: { status: 'requires_payment_method', payment_method: null } }

  it('an owing subscription with its invoice open: the next attempt, and whether the bank waits for the customer', () => {
    expect(paymentStateOf(owing, open)).toEqual({ payment_action_required: false, next_payment_attempt: '2026-11-27T12:00:00.000Z' })
    expect(paymentStateOf({ ...owing, status: 'unpaid' }, { ...open, next_payment_attempt: null, payment: { status: 'requires_action', payment_method: null } })).toEqual({
      payment_action_required: true,
      next_payment_attempt: null,
    })
    expect(paymentStateOf({ ...owing, status: 'incomplete' }, { ...open, payment: null })).toEqual({ payment_action_required: false, next_payment_attempt: '2026-11-27T12:00:00.000Z' })
  })

  it('nothing owed: a subscription that owes nothing, an invoice paid, none read', () => {
    const nothing = { payment_action_required: false, next_payment_attempt: null }
    expect(paymentStateOf({ ...owing, status: 'active' }, open)).toEqual(nothing)
    expect(paymentStateOf(owing, { ...open, status: 'paid' })).toEqual(nothing)
    expect(paymentStateOf(owing, null)).toEqual(nothing)
  })

  it('the ledger reads the latest invoice only while a payment is owed (an id or expanded)', async () => {
    subscription({ status: 'active' })
    invoice()
    await processEvent(env, fake, event('customer.subscription.updated', { id: 'sub_1' }))
    expect(provider.asked).toEqual(['subscription sub_1'])
    subscription({ latest_invoice: { id: 'in_1' } })
    await processEvent(env, fake, event('customer.subscription.updated', { id: 'sub_1' }))
    expect(provider.asked).toEqual(['subscription sub_1', 'subscription sub_1', 'invoice in_1'])
    expect(applied()[1]!.snapshot).toMatchObject({ next_payment_attempt: '2026-11-29T12:00:00.000Z' })
  })
})

describe('what processEvent answers', () => {
  const applyAnswers = (answer: unknown) => routes.unshift(on('POST', /^\/rest\/v1\/rpc\/apply_subscription_snapshot$/, () => json(200, answer)))

  it('whether the row changed: a write that changed it, one the database says changed nothing, a stale reading', async () => {
    subscription({ status: 'active' })
    expect(await processEvent(env, fake, event('customer.subscription.updated', { id: 'sub_1' }))).toEqual({ result: 'applied', changed: true })
    applyAnswers({ result: 'applied', changed: false })
    expect(await processEvent(env, fake, event('customer.subscription.updated', { id: 'sub_1' }))).toEqual({ result: 'applied', changed: false })
    applyAnswers({ result: 'stale', changed: true })
    expect(await processEvent(env, fake, event('customer.subscription.updated', { id: 'sub_1' }))).toEqual({ result: 'stale', changed: false })
  })

  it('unknown to the provider, of no plan, not concerned, or handled before: what it came to, nothing changed', async () => {
    expect(await processEvent(env, fake, event('customer.subscription.updated', { id: 'sub_gone' }))).toEqual({ result: 'unknown_subscription', changed: false })
    subscription({ items: { data: [{ price: { id: 'price_other' } }] }, metadata: { user_id: USER } })
    expect(await processEvent(env, fake, event('customer.subscription.updated', { id: 'sub_1' }))).toEqual({ result: 'unknown_plan', changed: false })
    expect(await processEvent(env, fake, event('charge.refunded', { id: 'ch_1' }))).toEqual({ result: 'ignored', changed: false })
    routes.unshift(on('POST', /^\/rest\/v1\/rpc\/record_payment_event$/, () => json(200, null)))
    expect(await processEvent(env, fake, event('customer.subscription.updated', { id: 'sub_1' }))).toEqual({ result: 'duplicate', changed: false })
  })

  it('an event without data concerns nothing', async () => {
    const bare = { id: 'evt_bare', type: 'customer.updated', created: NOW }
    expect(concernsLedger(bare)).toBe(false)
    expect(concernsLedger({ ...bare, type: 'customer.subscription.updated' })).toBe(false)
    expect(await processEvent(env, fake, bare)).toEqual({ result: 'ignored', changed: false })
    expect(await processEvent(env, fake, { ...bare, type: 'invoice.paid' })).toEqual({ result: 'ignored', changed: false })
    expect(calls).toEqual([])
  })

  it('a failure names the event: could not record it, could not apply it', async () => {
    subscription({ status: 'active' })
    routes.unshift(on('POST', /^\/rest\/v1\/rpc\/record_payment_event$/, () => json(503, {})))
    await expect(processEvent(env, fake, { ...event('customer.subscription.updated', { id: 'sub_1' }), id: 'evt_rec' })).rejects.toThrow(new LedgerError('could not record evt_rec'))
    routes.shift()
    routes.unshift(on('POST', /^\/rest\/v1\/rpc\/apply_subscription_snapshot$/, () => json(500, {})))
    await expect(processEvent(env, fake, { ...event('customer.subscription.updated', { id: 'sub_1' }), id: 'evt_app' })).rejects.toThrow(new LedgerError('could not apply evt_app'))
    expect(logged.map((line) => String(line[0]))).toEqual(['[stripe-webhook] could not record evt_rec', '[stripe-webhook] could not apply evt_app'])
  })

  it('only the failed attempts mail, only invoice.paid adopts a card, only a written reading of an invoice event records it', async () => {
    subscription()
    invoice({ status: 'paid', payment: { status: 'succeeded', payment_method: 'pm_page' } })
    await processEvent(env, fake, invoiceEvent('invoice.payment_succeeded'))
    await processEvent(env, fake, invoiceEvent('invoice.finalized'))
    expect(provider.asked.filter((a) => a.startsWith('set'))).toEqual([])
    invoice({ status: 'open' })
    await processEvent(env, fake, invoiceEvent('invoice.paid'))
    await processEvent(env, fake, invoiceEvent('invoice.finalized'))
    expect(rpcs('claim_payment_mail')).toEqual([])
    expect(rpcs('record_invoice')).toHaveLength(4)
    subscription({ items: { data: [{ price: { id: 'price_other' } }] }, metadata: { user_id: USER } })
    await processEvent(env, fake, invoiceEvent('invoice.payment_failed', { attempt_count: 1 }))
    expect(rpcs('claim_payment_mail')).toEqual([])
    expect(rpcs('record_invoice')).toHaveLength(4)
  })
})
