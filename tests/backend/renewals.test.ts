// A subscription that lives for years, through the local stack and its payment stand-in (test clock,
// cards, lost webhooks): a failed renewal keeps Pro and mails the account once per attempt in its
// language, with a link that works; the card is fixed in one press (fix-payment, the portal's card
// update, the ledger paying the open invoice); a renewal that asks for 3-D Secure is confirmed on the
// invoice's page; a customer who never fixes it ends unpaid, Pro locked, the export still working;
// nobody who owes a payment is sold a second subscription. And the nightly reconciliation: a
// renewal whose webhooks were lost is put right by the job pg_cron runs; two runs at once, or a
// stale event after it, change nothing further.
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { currentPlan, owesPayment } from '../../supabase/functions/_shared/plans.ts'
import { RUNTIME } from './function-runtime.ts'
import { confirmedUser, functionError, type LocalStack, mails, STARTUP_TIMEOUT, startTestStack, TEST_BUYER } from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

type Signed = Awaited<ReturnType<typeof confirmedUser>>
type Drift = { subscription: string; provider: { status: string }; database: { status: string } | null }
type Row = { stripe_subscription_id: string; status: string; product_name: string; payment_action_required: boolean; next_payment_attempt: string | null }

const post = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields), redirect: 'manual' })

async function page(url: string) {
  const html = await (await fetch(url)).text()
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? ''
  return { html, fields: { token: field('token'), subscription: field('subscription'), revision: field('revision') } }
}

/** A Pro customer of the local checkout, in `lang` (the account's language, as registration sets
 * it), with the stand-in's portal open. */
async function proCustomer(lang: 'nb' | 'en') {
  const user = await confirmedUser(stack)
  await stack.db.query(`update auth.users set raw_user_meta_data = raw_user_meta_data || jsonb_build_object('lang', $2::text) where id = $1`, [user.user.id, lang])
  const checkout = await user.sb.functions.invoke('create-checkout', { body: { productType: 'pro', lang, buyer: TEST_BUYER } })
  expect((await post((checkout.data as { url: string }).url, { decision: 'pay' })).status).toBe(303)
  const portal = ((await user.sb.functions.invoke('create-portal-session', { body: { lang } })).data as { url: string }).url
  return { user, portal, subscription: (await rows(user))[0]!.stripe_subscription_id }
}

/** The user's rows as the dashboard reads them (RLS). */
async function rows(user: Signed): Promise<Row[]> {
  const { data, error } = await user.sb.from('subscriptions').select('*')
  expect(error).toBeNull()
  return data as Row[]
}

/** A tool of the stand-in portal's "For tests and demos". */
async function press(portal: string, tool: string, extra: Record<string, string> = {}) {
  const { fields } = await page(portal)
  expect((await post(`${portal}/${tool}`, { ...fields, ...extra })).status).toBe(303)
}

const paymentMails = async (user: Signed) => (await mails(stack, user.email)).filter((m) => /Vekstlinje/.test(m.subject) && /betal|pay/i.test(m.subject))

/** Stripe's delivery of an event to the stack's webhook (late, or again), signed with its secret. */
async function deliver(event: Record<string, unknown>) {
  const payload = JSON.stringify(event)
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: stack.webhookSecret, cryptoProvider: Stripe.createSubtleCryptoProvider() })
  const res = await fetch(`${stack.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload })
  expect(res.status).toBe(200)
  return ((await res.json()) as { result: string }).result
}

/** The events the stand-in made about a subscription (and its invoices), oldest first. */
async function eventsOf(subscription: string) {
  const { rows: found } = await stack.db.query<{ event: Record<string, unknown>; delivered: boolean }>(
    `select event, delivered from local_stack.events
     where event -> 'data' -> 'object' ->> 'id' = $1 or event -> 'data' -> 'object' -> 'parent' -> 'subscription_details' ->> 'subscription' = $1
     order by created, id`,
    [subscription],
  )
  return found
}

describe('a failed renewal', () => {
  it('keeps Pro, mails once per attempt in Norwegian with the invoice’s page, refuses a second checkout; fixed in one press, it is paid', async () => {
    const { user, portal, subscription } = await proCustomer('nb')
    await press(portal, 'renewal-card', { card: 'pm_local_card_declined' })
    await press(portal, 'renew')
    const [row] = await rows(user)
    expect(row).toMatchObject({ status: 'past_due', payment_action_required: false })
    expect(row!.next_payment_attempt).not.toBeNull()
    expect(currentPlan(await rows(user)).id).toBe('pro')
    expect(owesPayment(await rows(user))).toBe(true)

    const [mail, ...more] = await paymentMails(user)
    expect(more).toEqual([])
    expect(mail!.subject).toBe('Betalingen til Vekstlinje gikk ikke gjennom')
    expect(mail!.text).toContain('Vi kunne ikke trekke 3\u00a0123,75\u00a0kr for Pro-abonnementet ditt hos Vekstlinje. Du beholder Pro mens vi prøver igjen.')
    expect(mail!.text).toMatch(/Vi prøver igjen \d{1,2}\. \p{L}+ \d{4}\./u)
    const link = mail!.links.find((l) => l.includes('/local-payments/invoice/'))!
    expect(mail!.text).toContain(`Betal fakturaen: ${link}`)
    // The link works: the invoice's page, open, with the cards to pay it.
    expect((await page(link)).html).toContain('<h2>Pay this invoice</h2>')

    // Stripe delivers the failure again, and reports the same attempt with another event: one mail.
    const failure = (await eventsOf(subscription)).find((e) => e.event.type === 'invoice.payment_failed')!.event
    expect(await deliver(failure)).toBe('duplicate')
    expect(await deliver({ ...failure, id: `${failure.id}_again` })).toBe('applied')
    expect(await paymentMails(user)).toHaveLength(1)
    // The next attempt fails too: its own mail.
    await press(portal, 'retry')
    expect(await paymentMails(user)).toHaveLength(2)

    expect(await functionError(user.sb, 'create-checkout', { productType: 'pro', lang: 'nb', buyer: TEST_BUYER })).toEqual({ status: 409, body: { code: 'payment_owed', error: 'A payment is owed' } })

    // One press: the portal opens on the card's update; the card saved pays the open invoice.
    const { data } = await user.sb.functions.invoke('fix-payment', { body: { lang: 'nb' } })
    expect(data).toMatchObject({ page: 'payment_method_update' })
    const update = await page((data as { url: string }).url)
    const saved = await post(`${(data as { url: string }).url}/payment-method`, { token: update.fields.token, card: 'pm_local_card' })
    expect(saved.headers.get('location')).toBe('http://localhost:5173/app')
    expect(await rows(user)).toEqual([expect.objectContaining({ status: 'active', payment_action_required: false, next_payment_attempt: null })])
    expect(await paymentMails(user)).toHaveLength(2)
    // A report of an attempt never mailed arrives after the invoice was paid: nothing to fix, no mail.
    const object = (failure.data as { object: Record<string, unknown> }).object
    expect(await deliver({ ...failure, id: `${failure.id}_late`, data: { object: { ...object, attempt_count: 5 } } })).toBe('applied')
    expect(await paymentMails(user)).toHaveLength(2)
    expect(await functionError(user.sb, 'fix-payment', { lang: 'nb' })).toEqual({ status: 404, body: { error: 'No payment to fix' } })
  })

  it('asking for 3-D Secure: the English mail asks to confirm; fix-payment gives the invoice’s page, where the customer confirms', async () => {
    const { user, portal } = await proCustomer('en')
    await press(portal, 'renewal-card', { card: 'pm_local_card_3ds' })
    await press(portal, 'renew')
    expect(await rows(user)).toEqual([expect.objectContaining({ status: 'past_due', payment_action_required: true })])
    const [mail, ...more] = await paymentMails(user)
    expect(more).toEqual([])
    expect(mail!.subject).toBe('Confirm your payment to Vekstlinje')
    expect(mail!.text).toContain('Your bank wants you to confirm the payment of 3\u00a0123.75\u00a0NOK for your Vekstlinje Pro subscription (3-D Secure).')

    const { data } = await user.sb.functions.invoke('fix-payment', { body: { lang: 'en' } })
    const { url, page: kind } = data as { url: string; page: string }
    expect(kind).toBe('invoice')
    expect(mail!.links).toContain(url)
    const shown = await page(url)
    expect((await post(`${url}/authenticate`, { token: shown.fields.token, result: 'complete' })).status).toBe(303)
    expect(await rows(user)).toEqual([expect.objectContaining({ status: 'active', payment_action_required: false })])
  })

  it('never fixed: unpaid after the last attempt, Pro locked, no second checkout, the export still working', async () => {
    const { user, portal } = await proCustomer('en')
    await press(portal, 'renewal-card', { card: 'pm_local_card_declined' })
    await press(portal, 'renew')
    await press(portal, 'retries-run-out')
    expect(await rows(user)).toEqual([expect.objectContaining({ status: 'unpaid', next_payment_attempt: null })])
    expect(currentPlan(await rows(user)).id).toBe('free')
    expect(await functionError(user.sb, 'create-checkout', { productType: 'pro', lang: 'en', buyer: TEST_BUYER })).toMatchObject({ status: 409, body: { code: 'payment_owed' } })
    const exported = await user.sb.functions.invoke('export-account', { body: {} })
    expect(exported.error).toBeNull()
    expect((exported.data as { subscriptions: Row[] }).subscriptions).toEqual([expect.objectContaining({ status: 'unpaid', product_name: 'pro' })])
    // Eight attempts, eight mails; the last says no attempt follows.
    const sent = await paymentMails(user)
    expect(sent).toHaveLength(8)
    expect(sent.filter((m) => m.text.includes('We will not try this card again by ourselves.'))).toHaveLength(1)
    // Fixing still works from unpaid: the open invoice is paid, Pro is back.
    const { data } = await user.sb.functions.invoke('fix-payment', { body: { lang: 'en' } })
    const update = await page((data as { url: string }).url)
    await post(`${(data as { url: string }).url}/payment-method`, { token: update.fields.token, card: 'pm_local_card' })
    expect(currentPlan(await rows(user)).id).toBe('pro')
  })
})

describe('the nightly reconciliation', () => {
  const run = () =>
    fetch(`${stack.url}/functions/v1/reconcile-payments`, { method: 'POST', headers: { Authorization: `Bearer ${stack.serviceRoleKey}`, 'Content-Type': 'application/json' }, body: '{"action":"reconcile"}' })
  const runs = async () => (await stack.db.query<{ drift: Drift[]; changes: Array<{ subscription: string }>; events_replayed: number }>('select * from public.payment_reconciliations order by id')).rows

  it('puts right a renewal whose webhooks were lost; a second run at once, a run after, and a late stale event change nothing further', async () => {
    const { user, portal, subscription } = await proCustomer('nb')
    await press(portal, 'renewal-card', { card: 'pm_local_card_declined' })
    await press(portal, 'lose-webhooks')
    await press(portal, 'renew')
    // Stripe has the renewal failed; the site never heard of it.
    expect(await rows(user)).toEqual([expect.objectContaining({ status: 'active' })])
    expect(await paymentMails(user)).toEqual([])
    expect((await eventsOf(subscription)).filter((e) => !e.delivered).map((e) => e.event.type).sort()).toEqual([
      'customer.subscription.updated',
      'customer.subscription.updated',
      'invoice.payment_failed',
    ])

    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const before = (await runs()).length
    try {
      // Twice at once (as if the job and an operator started it together).
      const answers = await Promise.all([run(), run()])
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      // The operator's warning, in the function's logs (under Deno, the Deno process's).
      if (RUNTIME === 'node') {
        expect(warned.mock.calls.map((c) => String(c[0])).filter((line) => line.includes(`drift: ${subscription} is past_due at the payment provider, active in the database`)).length).toBeGreaterThan(0)
      }
    } finally {
      warned.mockRestore()
    }
    expect(await rows(user)).toEqual([expect.objectContaining({ status: 'past_due', payment_action_required: false })])
    expect(await paymentMails(user)).toHaveLength(1)
    const recorded = (await runs()).slice(before)
    expect(recorded).toHaveLength(2)
    expect(recorded.flatMap((r) => r.drift).find((d) => d.subscription === subscription)).toMatchObject({ provider: { status: 'past_due' }, database: { status: 'active' } })
    // The row was changed once, by one of the two runs; the lost events were each handled once.
    expect(recorded.flatMap((r) => r.changes).filter((c) => c.subscription === subscription)).toHaveLength(1)
    const lost = (await eventsOf(subscription)).filter((e) => !e.delivered).map((e) => String(e.event.id))
    const { rows: handled } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.payment_events where id = any ($1)', [lost])
    expect(handled[0]!.n).toBe(3)

    // The job as pg_cron runs it, later: nothing left to change.
    const cronBefore = (await runs()).length
    expect(await stack.cron.run('reconcile-payments')).toBe(true)
    const [later] = (await runs()).slice(cronBefore)
    expect(later!.drift.filter((d) => d.subscription === subscription)).toEqual([])
    expect(later!.changes.filter((c) => c.subscription === subscription)).toEqual([])

    // Stripe's own delivery of a lost event arrives at last: handled already.
    const failure = (await eventsOf(subscription)).find((e) => e.event.type === 'invoice.payment_failed')!.event
    expect(await deliver(failure)).toBe('duplicate')
    // And a stale event (the subscription still active in its payload) never seen before: the
    // reading it makes says past due, as the row does already; no mail.
    const stale = (await eventsOf(subscription)).find((e) => e.delivered && e.event.type === 'customer.subscription.updated')!.event
    expect((stale.data as { object: { status: string } }).object.status).toBe('active')
    expect(await deliver({ ...stale, id: `${stale.id}_late` })).toBe('applied')
    expect(await rows(user)).toEqual([expect.objectContaining({ status: 'past_due' })])
    expect(await paymentMails(user)).toHaveLength(1)
  })

  it('is the service role’s alone', async () => {
    const res = await fetch(`${stack.url}/functions/v1/reconcile-payments`, { method: 'POST', headers: { Authorization: `Bearer ${stack.anonKey}` }, body: '{}' })
    expect(res.status).toBe(401)
  })
})
