// The payment stand-in's time and failures: a customer's test clock taken to the renewal, its cards
// (one pays, one is declined, one asks for 3-D Secure, one is declined once and pays on the retry),
// Smart-Retries-like attempts ending unpaid, the invoice's page (pay with a card, confirm with the
// bank), the portal's deep link to the card's update, Stripe's invoice and event APIs, and webhooks
// lost on purpose. Each change reaches the project's stripe-webhook as Stripe's events do, and the
// user's row (read through RLS, as the dashboard reads it) follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_ATTEMPTS, RETRY_DAYS } from '../payments-store.ts'
import { confirmedUser, type LocalStack, SITE, STARTUP_TIMEOUT, startTestStack, TEST_BUYER } from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

type Signed = Awaited<ReturnType<typeof confirmedUser>>
const DAY = 86_400

const post = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields), redirect: 'manual' })

async function page(url: string) {
  const html = await (await fetch(url)).text()
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? ''
  return { html, fields: { token: field('token'), subscription: field('subscription'), revision: field('revision') } }
}

/** The stand-in's API as the functions call it (service role). */
async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.url}/local-payments/${path}`, {
    method,
    headers: { Authorization: `Bearer ${stack.serviceRoleKey}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { data?: Array<Record<string, unknown>> } }
}

/** A Pro customer (paid on the local checkout) with the portal open. */
async function proCustomer(): Promise<{ user: Signed; portal: string; subscription: string }> {
  const user = await confirmedUser(stack)
  const checkout = await user.sb.functions.invoke('create-checkout', { body: { productType: 'pro', lang: 'en', buyer: TEST_BUYER } })
  expect((await post((checkout.data as { url: string }).url, { decision: 'pay' })).status).toBe(303)
  const portal = ((await user.sb.functions.invoke('create-portal-session', { body: { lang: 'en' } })).data as { url: string }).url
  return { user, portal, subscription: (await theRow(user)).stripe_subscription_id }
}

async function theRow(user: Signed) {
  const { data } = await user.sb.from('subscriptions').select('*')
  expect(data).toHaveLength(1)
  return data![0] as { stripe_subscription_id: string; status: string; payment_action_required: boolean; next_payment_attempt: string | null; current_period_end: string }
}

/** A tool of the portal's "For tests and demos" section, pressed. */
async function press(portal: string, tool: string, extra: Record<string, string> = {}) {
  const { fields } = await page(portal)
  const res = await post(`${portal}/${tool}`, { ...fields, ...extra })
  expect(res.status).toBe(303)
  return res.headers.get('location')
}

const latestInvoice = async (subscription: string) => (await api('GET', `subscriptions/${subscription}`)).body.latest_invoice as string
const invoice = async (id: string) => (await api('GET', `invoices/${id}`)).body as { status: string; attempt_count: number; next_payment_attempt: number | null; hosted_invoice_url: string; created: number }

describe('the test clock and the cards', () => {
  it('a declined card: past due, the next attempt a day on; Smart Retries: eight tries in two weeks, then unpaid', async () => {
    const { user, portal, subscription } = await proCustomer()
    const before = await theRow(user)
    expect(await press(portal, 'renewal-card', { card: 'pm_local_card_declined' })).toBe(`${portal}?done=renewal-card`)
    expect((await page(portal)).html).toContain('Payment method: Visa ending 0341')
    expect(await press(portal, 'renew')).toBe(`${portal}?done=renewed`)
    const renewedAt = Date.parse(before.current_period_end) / 1000
    const first = await invoice(await latestInvoice(subscription))
    expect(first).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: renewedAt + RETRY_DAYS[0] * DAY, created: renewedAt })
    expect(await theRow(user)).toMatchObject({ status: 'past_due', payment_action_required: false, next_payment_attempt: new Date((renewedAt + DAY) * 1000).toISOString().replace('.000Z', '+00:00') })
    expect((await page(portal)).html).toContain('>Advance the test clock to the next attempt</button>')

    await press(portal, 'retry')
    expect(await invoice(first.hosted_invoice_url.split('/').at(-1)!)).toMatchObject({ attempt_count: 2, next_payment_attempt: renewedAt + RETRY_DAYS[1] * DAY })
    await press(portal, 'retries-run-out')
    expect(await invoice(first.hosted_invoice_url.split('/').at(-1)!)).toMatchObject({ status: 'open', attempt_count: MAX_ATTEMPTS, next_payment_attempt: null })
    expect(await theRow(user)).toMatchObject({ status: 'unpaid', next_payment_attempt: null })
    const types = (await stack.db.query<{ type: string }>(`select type from local_stack.events where customer_id = (select customer_id from local_stack.subscriptions where id = $1) order by created, id`, [subscription])).rows.map((r) => r.type)
    expect(types.filter((t) => t === 'invoice.payment_failed')).toHaveLength(MAX_ATTEMPTS)
  })

  it('a card declined once pays on the retry: past due, then active again, the invoice paid', async () => {
    const { user, portal, subscription } = await proCustomer()
    await press(portal, 'renewal-card', { card: 'pm_local_card_recovers' })
    await press(portal, 'renew')
    expect((await theRow(user)).status).toBe('past_due')
    await press(portal, 'retry')
    expect((await theRow(user)).status).toBe('active')
    expect(await invoice(await latestInvoice(subscription))).toMatchObject({ status: 'paid', attempt_count: 2, next_payment_attempt: null })
  })

  it('a card that asks for 3-D Secure: the bank waits for the customer; confirmed on the invoice’s page, it is paid', async () => {
    const { user, portal, subscription } = await proCustomer()
    await press(portal, 'renewal-card', { card: 'pm_local_card_3ds' })
    await press(portal, 'renew')
    expect(await theRow(user)).toMatchObject({ status: 'past_due', payment_action_required: true })
    const id = await latestInvoice(subscription)
    const payments = await api('GET', `invoice_payments?invoice=${id}&expand[]=data.payment.payment_intent`)
    expect(payments.body.data![0]).toMatchObject({ status: 'open', payment: { payment_intent: { status: 'requires_action', payment_method: 'pm_local_card_3ds' } } })
    const { rows } = await stack.db.query<{ type: string }>(`select type from local_stack.events where event -> 'data' -> 'object' ->> 'id' = $1 order by created, id`, [id])
    expect(rows.map((r) => r.type).sort()).toEqual(['invoice.payment_action_required', 'invoice.payment_failed'])

    const hosted = (await invoice(id)).hosted_invoice_url
    expect(hosted).toBe(`${stack.url}/local-payments/invoice/${id}`)
    const shown = await page(hosted)
    expect(shown.html).toContain('Your bank asks you to confirm this payment with 3-D Secure')
    expect(shown.html).not.toContain('<script')
    // The invoice's own token, or nothing.
    expect((await post(`${hosted}/authenticate`, { token: 'x', result: 'complete' })).status).toBe(403)
    const res = await post(`${hosted}/authenticate`, { token: shown.fields.token, result: 'complete' })
    expect(res.headers.get('location')).toBe(`${hosted}?done=paid`)
    expect(await theRow(user)).toMatchObject({ status: 'active', payment_action_required: false })
    expect((await page(hosted)).html).toContain('This invoice is paid.')
  })
})

describe('Stripe’s APIs, as the functions call them', () => {
  it('invoices.pay: 402 card_declined, 402 requires_action, 200 paid (the subscription active again), then 400 already paid', async () => {
    const { user, portal, subscription } = await proCustomer()
    await press(portal, 'renewal-card', { card: 'pm_local_card_declined' })
    await press(portal, 'renew')
    const id = await latestInvoice(subscription)
    expect(await api('POST', `invoices/${id}/pay`, {})).toMatchObject({ status: 402, body: { error: { type: 'card_error', code: 'card_declined' } } })
    expect(await api('POST', `invoices/${id}/pay`, { payment_method: 'pm_local_card_3ds' })).toMatchObject({ status: 402, body: { error: { code: 'invoice_payment_intent_requires_action' } } })
    // A manual attempt does not count in the schedule.
    expect((await invoice(id)).attempt_count).toBe(1)
    expect(await api('POST', `invoices/${id}/pay`, { payment_method: 'pm_local_card' })).toMatchObject({ status: 200, body: { status: 'paid' } })
    expect((await theRow(user)).status).toBe('active')
    expect(await api('POST', `invoices/${id}/pay`, {})).toMatchObject({ status: 400, body: { error: { code: 'invoice_already_paid' } } })
    expect((await api('GET', 'invoices/in_local_nothing')).status).toBe(404)
  })

  it('subscriptions.list in pages; subscriptions.update of the card; the service role only', async () => {
    const { subscription } = await proCustomer()
    const ids: string[] = []
    for (let after = ''; ; ) {
      const { body } = await api('GET', `subscriptions?status=all&limit=1${after ? `&starting_after=${after}` : ''}`)
      ids.push(...body.data!.map((s) => String(s.id)))
      if (!body.has_more) break
      after = ids.at(-1)!
    }
    expect(ids).toContain(subscription)
    expect(new Set(ids).size).toBe(ids.length)
    expect(await api('POST', `subscriptions/${subscription}`, { default_payment_method: 'pm_local_card_3ds' })).toMatchObject({ status: 200, body: { default_payment_method: 'pm_local_card_3ds' } })
    expect((await api('POST', `subscriptions/${subscription}`, { default_payment_method: 'pm_nope' })).status).toBe(400)
    expect((await fetch(`${stack.url}/local-payments/subscriptions?status=all`)).status).toBe(401)
    expect((await fetch(`${stack.url}/local-payments/events`, { headers: { Authorization: `Bearer ${stack.anonKey}` } })).status).toBe(401)
  })
})

describe('the portal’s deep link to the card’s update (flow_data)', () => {
  it('opens on the update; the card saved is the customer’s default (customer.updated), the site pays what is owed with it, and the customer goes back to the site', async () => {
    const { user, portal, subscription } = await proCustomer()
    await press(portal, 'renewal-card', { card: 'pm_local_card_declined' })
    await press(portal, 'renew')
    expect((await theRow(user)).status).toBe('past_due')
    const { data, error } = await user.sb.functions.invoke('fix-payment', { body: { lang: 'en' } })
    expect(error).toBeNull()
    const { url, page: kind } = data as { url: string; page: string }
    expect(kind).toBe('payment_method_update')
    const shown = await page(url)
    expect(shown.html).toContain('<h1>Update payment method</h1>')
    expect(shown.html).toContain(`<a href="${SITE}/en/app">Go back</a>`)
    const res = await post(`${url}/payment-method`, { token: shown.fields.token, card: 'pm_local_card' })
    expect(res.headers.get('location')).toBe(`${SITE}/en/app`)
    // The ledger made it the subscription's card and paid the open invoice with it.
    expect(await theRow(user)).toMatchObject({ status: 'active', payment_action_required: false, next_payment_attempt: null })
    expect((await api('GET', `subscriptions/${subscription}`)).body.default_payment_method).toBe('pm_local_card')
    expect((await invoice(await latestInvoice(subscription))).status).toBe('paid')
    expect((await api('GET', `customers/${(await api('GET', `subscriptions/${subscription}`)).body.customer}`)).body).toMatchObject({ invoice_settings: { default_payment_method: 'pm_local_card' } })
  })
})

describe('a webhook lost on purpose', () => {
  it('the change is made at the stand-in and kept as an event the webhook never took; the row does not hear of it', async () => {
    const { user, portal, subscription } = await proCustomer()
    const since = Math.floor(Date.now() / 1000) - 5
    expect(await press(portal, 'lose-webhooks')).toBe(`${portal}?done=lose-webhooks`)
    expect((await page(portal)).html).toContain('The webhooks of the next change will be lost.')
    await press(portal, 'renewal-card', { card: 'pm_local_card_declined' })
    expect((await theRow(user)).status).toBe('active')
    // Only the next change: the renewal's events go through again.
    await press(portal, 'renew')
    expect((await theRow(user)).status).toBe('past_due')
    const undelivered = await api('GET', `events?created[gte]=${since}&delivery_success=false&types[]=customer.subscription.updated&types[]=invoice.payment_failed`)
    const mine = undelivered.body.data!.filter((e) => (e.data as { object: { id?: string } }).object.id === subscription)
    expect(mine.map((e) => e.type)).toEqual(['customer.subscription.updated'])
    expect((mine[0]!.data as { object: { default_payment_method: string } }).object.default_payment_method).toBe('pm_local_card_declined')
    const delivered = await api('GET', `events?created[gte]=${since}&delivery_success=true&types[]=invoice.payment_failed`)
    expect(delivered.body.data!.some((e) => (e.data as { object: { parent: { subscription_details: { subscription: string } } } }).object.parent.subscription_details.subscription === subscription)).toBe(true)
  })
})
