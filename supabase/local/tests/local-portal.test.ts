// The local stack's stand-in customer portal, end to end: pay for Pro on the local checkout, open
// the portal through create-portal-session, cancel (with its confirm step), resume, cancel again
// and end the period, each time through the signed events the stand-in sends to stripe-webhook,
// and the user's row (read as the dashboard reads it, through RLS and realtime) following along.
// Plain HTML forms, as a browser without JavaScript sends them; the session's token guards them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { currentPlan } from '../../functions/_shared/plans.ts'
import { longDate } from '../payments-pages.ts'
import { PORTAL_SESSION_LIFETIME_S } from '../payments-store.ts'
import { confirmedUser, type LocalStack, SITE, STARTUP_TIMEOUT, startTestStack, within, TEST_BUYER } from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

type Signed = Awaited<ReturnType<typeof confirmedUser>>
type Row = {
  stripe_subscription_id: string
  product_name: string
  status: string
  cancel_at_period_end: boolean
  canceled_at: string | null
  current_period_end: string
}

/** Pays for Pro on the local checkout page, as the site's checkout does. */
async function payForPro(user: Signed): Promise<void> {
  const { data, error } = await user.sb.functions.invoke('create-checkout', { body: { productType: 'pro', lang: 'en', buyer: TEST_BUYER } })
  expect(error).toBeNull()
  const paid = await post((data as { url: string }).url, { decision: 'pay' })
  expect(paid.status).toBe(303)
}

async function openPortal(user: Signed, lang: 'nb' | 'en' = 'en'): Promise<string> {
  const { data, error } = await user.sb.functions.invoke('create-portal-session', { body: { lang } })
  expect(error).toBeNull()
  return (data as { url: string }).url
}

/** A form POST as a browser sends it (no JavaScript), not following the redirect. */
function post(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields), redirect: 'manual' })
}

/** The page and the hidden fields of its forms. */
async function page(url: string) {
  const res = await fetch(url)
  const html = await res.text()
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? ''
  return { status: res.status, res, html, fields: { token: field('token'), subscription: field('subscription'), revision: field('revision') } }
}

/** The user's rows as the dashboard reads them: their own client, through RLS. */
async function myRows(user: Signed): Promise<Row[]> {
  const { data, error } = await user.sb.from('subscriptions').select('*')
  expect(error).toBeNull()
  return data as Row[]
}

async function theRow(user: Signed): Promise<Row> {
  const rows = await myRows(user)
  expect(rows).toHaveLength(1)
  return rows[0]!
}

/** The subscription at the stand-in, as the webhook reads it (Stripe's shape). */
async function atProvider(id: string) {
  const res = await fetch(`${stack.url}/local-payments/subscriptions/${id}`, { headers: { Authorization: `Bearer ${stack.serviceRoleKey}` } })
  expect(res.status).toBe(200)
  return (await res.json()) as {
    status: string
    cancel_at_period_end: boolean
    cancel_at: number | null
    canceled_at: number | null
    ended_at: number | null
    items: { data: Array<{ current_period_end: number; current_period_start: number }> }
  }
}

/** The types of the events the webhook has recorded, oldest first (the tests run one at a time). */
async function eventTypes(): Promise<string[]> {
  const { rows } = await stack.db.query<{ type: string }>('select type from public.payment_events order by processed_at, id')
  return rows.map((r) => r.type)
}

const seconds = (iso: string) => Math.round(new Date(iso).getTime() / 1000)

describe('the stand-in portal: cancel, resume, cancel again, end the period', () => {
  let user: Signed
  let url: string
  let subscription: string
  let periodEnd: number

  beforeAll(async () => {
    user = await confirmedUser(stack, 'Kari Nordmann')
    await payForPro(user)
    url = await openPortal(user)
    const row = await theRow(user)
    subscription = row.stripe_subscription_id
    periodEnd = seconds(row.current_period_end)
  })

  it('shows the plan, the renewal date, the invoices, the buttons and the way back; no script', async () => {
    const { res, html, fields } = await page(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(html).not.toContain('<script')
    expect(html).toContain("Local stand-in for the payment provider's customer portal")
    expect(html).toContain('<dd>Vekstlinje Pro</dd>')
    expect(html).toContain(`Renews on <time datetime="${new Date(periodEnd * 1000).toISOString()}">${longDate(periodEnd)}</time>`)
    expect(html).toContain(user.email)
    // One paid invoice, today.
    const invoices = [...html.matchAll(/<tr><td><time[^>]*>([^<]+)<\/time><\/td><td>([^<]+)<\/td><td>([^<]+)<\/td><\/tr>/g)].map((m) => m.slice(1))
    // 2 499 NOK and 25 % MVA: the buyer is a Norwegian company.
    expect(invoices).toEqual([[longDate(Math.floor(Date.now() / 1000)), '3 123.75 NOK', 'Paid']])
    expect(html).toContain('>Cancel subscription</button>')
    expect(html).toContain('>Advance the test clock to the renewal</button>')
    expect(html).not.toContain('End the period now')
    expect(html).toContain('Payment method: Visa ending 4242')
    expect(html).not.toContain('Resume subscription')
    expect(html).toContain(`<a href="${SITE}/en/app">Return to site</a>`)
    expect(fields.token).toMatch(/^[\w-]{43}$/)
    expect(fields.subscription).toBe(subscription)
  })

  it('Cancel subscription asks first: Confirm cancellation, or go back; nothing changes yet', async () => {
    const { html } = await page(url)
    expect(html).toContain(`<form method="get" action="${url}/cancel">`)
    const confirm = await page(`${url}/cancel`)
    expect(confirm.status).toBe(200)
    expect(confirm.html).toContain(`<form method="post" action="${url}/cancel">`)
    expect(confirm.html).toContain('>Confirm cancellation</button>')
    expect(confirm.html).toContain(`<a href="${url}">Go back</a>`)
    expect(confirm.html).toContain(longDate(periodEnd))
    expect(await theRow(user)).toMatchObject({ status: 'active', cancel_at_period_end: false })
  })

  it('a POST without the session’s token, or with another session’s, is refused and changes nothing', async () => {
    const { fields } = await page(`${url}/cancel`)
    const other = await page(await openPortal(user))
    expect(other.fields.token).not.toBe(fields.token)
    for (const token of [undefined, '', 'x'.repeat(43), other.fields.token]) {
      const form: Record<string, string> = { subscription: fields.subscription }
      if (token !== undefined) form.token = token
      const res = await post(`${url}/cancel`, form)
      expect(res.status).toBe(403)
      expect(await res.text()).toContain('Request refused')
    }
    // Another user's subscription through one's own session: refused too.
    expect((await post(`${url}/cancel`, { token: fields.token, subscription: 'sub_local_someone_else' })).status).toBe(404)
    expect(await theRow(user)).toMatchObject({ status: 'active', cancel_at_period_end: false, canceled_at: null })
    expect((await atProvider(subscription)).cancel_at_period_end).toBe(false)
  })

  it('Confirm cancellation → cancels at the period’s end: the row is still active, Pro until the period ends', async () => {
    const { fields } = await page(`${url}/cancel`)
    const res = await post(`${url}/cancel`, fields)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${url}?done=canceled`)

    const row = await theRow(user)
    expect(row).toMatchObject({ product_name: 'pro', status: 'active', cancel_at_period_end: true })
    expect(row.canceled_at).not.toBeNull()
    expect(seconds(row.current_period_end)).toBe(periodEnd)
    expect(currentPlan(await myRows(user)).id).toBe('pro')

    const provider = await atProvider(subscription)
    expect(provider).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: periodEnd, ended_at: null })
    expect(provider.canceled_at).toBe(seconds(row.canceled_at!))

    const after = await page(res.headers.get('location')!)
    expect(after.html).toContain('role="status"')
    expect(after.html).toContain(`Cancels on <time datetime="${new Date(periodEnd * 1000).toISOString()}">${longDate(periodEnd)}</time>`)
    expect(after.html).toContain('>Resume subscription</button>')
    expect(after.html).not.toContain('>Cancel subscription</button>')
    expect((await eventTypes()).at(-1)).toBe('customer.subscription.updated')

    // Sent twice (a double click, the back button): nothing more happens.
    const before = (await eventTypes()).length
    expect((await post(`${url}/cancel`, fields)).headers.get('location')).toBe(url)
    expect((await eventTypes()).length).toBe(before)
  })

  it('Resume subscription → renews again: cancel_at_period_end false, canceled_at cleared', async () => {
    const { fields } = await page(url)
    const res = await post(`${url}/resume`, fields)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${url}?done=resumed`)
    expect(await theRow(user)).toMatchObject({ status: 'active', cancel_at_period_end: false, canceled_at: null })
    expect(await atProvider(subscription)).toMatchObject({ status: 'active', cancel_at_period_end: false, cancel_at: null, canceled_at: null })
    const after = await page(url)
    expect(after.html).toContain('Renews on')
    expect(after.html).toContain('>Cancel subscription</button>')
    expect(after.html).not.toContain('Resume subscription')
  })

  it('cancel again, then End the period now → canceled, live on the user’s realtime channel; the dashboard shows Free', async () => {
    const { fields } = await page(`${url}/cancel`)
    expect((await post(`${url}/cancel`, fields)).status).toBe(303)
    expect(await theRow(user)).toMatchObject({ status: 'active', cancel_at_period_end: true })

    const seen = within<string>(10_000, (resolve) => {
      user.sb
        .channel(`subs-${user.user.id}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'subscriptions', filter: `user_id=eq.${user.user.id}` }, (change) => {
          const status = (change.new as { status?: string }).status
          if (status === 'canceled') resolve(status)
        })
        .subscribe()
    })
    await new Promise((r) => setTimeout(r, 300))

    const current = await page(url)
    expect(current.html).toContain('cancels at the end of the period, so it is cancelled now')
    const res = await post(`${url}/end-period`, current.fields)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${url}?done=ended`)
    expect(await seen).toBe('canceled')
    await user.sb.removeAllChannels()

    const row = await theRow(user)
    expect(row).toMatchObject({ status: 'canceled', cancel_at_period_end: true })
    expect(currentPlan(await myRows(user)).id).toBe('free')
    const provider = await atProvider(subscription)
    expect(provider.status).toBe('canceled')
    expect(provider.ended_at).toBe(provider.items.data[0]!.current_period_end)
    expect(provider.ended_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
    expect((await eventTypes()).at(-1)).toBe('customer.subscription.deleted')

    const after = await page(`${url}?done=ended`)
    expect(after.html).toContain('You have no current subscription.')
    expect(after.html).toContain('3 123.75 NOK')
    expect(after.html).not.toContain('</button>')
  })

  it('back on Free, the user may buy Pro again', async () => {
    const { data, error } = await user.sb.functions.invoke('create-checkout', { body: { productType: 'pro', buyer: TEST_BUYER } })
    expect(error).toBeNull()
    expect((data as { url: string }).url).toContain('/local-payments/checkout/')
  })
})

describe('the test clock reaches a renewing subscription’s renewal', () => {
  it('renews: the next period from the old one’s end, a second paid invoice, invoice.paid; a second click on the same page does nothing', async () => {
    const user = await confirmedUser(stack)
    await payForPro(user)
    const before = await theRow(user)
    const url = await openPortal(user, 'nb')
    const current = await page(url)
    expect(current.html).toContain("the subscription renews, and the new period's invoice is charged to the card")
    expect(current.html).toContain(`<a href="${SITE}/app">Return to site</a>`)

    const res = await post(`${url}/renew`, current.fields)
    expect(res.headers.get('location')).toBe(`${url}?done=renewed`)
    const after = await theRow(user)
    expect(after).toMatchObject({ status: 'active', cancel_at_period_end: false, stripe_subscription_id: before.stripe_subscription_id })
    expect(seconds(after.current_period_end)).toBe(seconds(before.current_period_end) + 30 * 86_400)
    // The customer's clock now reads the old period's end.
    const clock = /This customer's test clock reads <time datetime="([^"]+)"/.exec((await page(url)).html)?.[1] ?? ''
    expect(Math.abs(Date.parse(clock) - Date.parse(before.current_period_end))).toBeLessThan(5_000)
    const { rows } = await stack.db.query<{ type: string }>(
      `select type from public.payment_events where processed_at > now() - interval '1 minute' order by processed_at desc limit 3`,
    )
    expect(rows.map((r) => r.type).sort()).toEqual(['customer.subscription.updated', 'invoice.paid', 'invoice.payment_succeeded'])

    const renewed = await page(url)
    const invoices = [...renewed.html.matchAll(/<td>(\d[\d .]* NOK)<\/td><td>(Paid)<\/td>/g)]
    expect(invoices).toHaveLength(2)

    // The first page's form again: its period has already ended.
    const again = await post(`${url}/renew`, current.fields)
    expect(again.headers.get('location')).toBe(url)
    expect(seconds((await theRow(user)).current_period_end)).toBe(seconds(after.current_period_end))
  })
})

describe('a renewal whose payment fails', () => {
  it('the portal names the status as Stripe does (Past due) and the unpaid invoice Open; the period cannot be ended', async () => {
    const user = await confirmedUser(stack)
    await payForPro(user)
    const subscription = (await theRow(user)).stripe_subscription_id
    const failed = await fetch(`${stack.url}/local-payments/simulate/payment-failed`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscription_id: subscription }),
    })
    expect(failed.status).toBe(200)
    expect(await theRow(user)).toMatchObject({ status: 'past_due' })
    const { html } = await page(await openPortal(user))
    expect(html).toContain('<dt>Status</dt><dd>Past due</dd>')
    expect(html).toContain('The current period ends on')
    const statuses = [...html.matchAll(/<td>\d[\d .]* NOK<\/td><td>([^<]+)<\/td>/g)].map((m) => m[1])
    expect(statuses.sort()).toEqual(['Open', 'Paid'])
    expect(html).toContain('>Cancel subscription</button>')
    expect(html).not.toContain('End the period now')
  })
})

describe('when the webhook accepts none of a change’s events', () => {
  it('the change is undone at the stand-in, and the page says so (502); sent again later, it goes through', async () => {
    const user = await confirmedUser(stack)
    await payForPro(user)
    const url = await openPortal(user)
    const subscription = (await theRow(user)).stripe_subscription_id
    // The webhook cannot store events for a while: it answers 500, as on a database outage.
    await stack.db.exec(`
      create function public.refuse_for_test() returns trigger language plpgsql as $$ begin raise exception 'outage'; end $$;
      create trigger refuse_for_test before insert on public.payment_events for each row execute function public.refuse_for_test();`)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const { fields } = await page(`${url}/cancel`)
      const res = await post(`${url}/cancel`, fields)
      expect(res.status).toBe(502)
      const html = await res.text()
      expect(html).toContain('role="alert"')
      expect(html).toContain('The webhook did not accept customer.subscription.updated (status 500). Nothing was changed; try again.')
      expect(html).toContain('>Cancel subscription</button>')
      expect((await atProvider(subscription)).cancel_at_period_end).toBe(false)
      expect(await theRow(user)).toMatchObject({ status: 'active', cancel_at_period_end: false })
    } finally {
      errors.mockRestore()
      await stack.db.exec('drop trigger refuse_for_test on public.payment_events; drop function public.refuse_for_test();')
    }
    const { fields } = await page(`${url}/cancel`)
    expect((await post(`${url}/cancel`, fields)).status).toBe(303)
    expect(await theRow(user)).toMatchObject({ status: 'active', cancel_at_period_end: true })
  })
})

describe('the portal session', () => {
  it('an unknown or malformed id → 404, and a POST there changes nothing', async () => {
    for (const id of [`bps_local_${'0'.repeat(48)}`, 'bps_local_x', '..%2F..%2Fsubscriptions']) {
      const res = await fetch(`${stack.url}/local-payments/portal/${id}`)
      expect(res.status).toBe(404)
      expect(await res.text()).toContain('Portal session expired')
      expect((await post(`${stack.url}/local-payments/portal/${id}/cancel`, { token: 'x' })).status).toBe(404)
    }
  })

  it(`expires ${PORTAL_SESSION_LIFETIME_S / 60} minutes after it was made: the page and its forms answer 404, with the way back`, async () => {
    const user = await confirmedUser(stack)
    await payForPro(user)
    const url = await openPortal(user)
    const { fields } = await page(url)
    const id = url.split('/').at(-1)!
    await stack.db.query(`update local_stack.portal_sessions set created_at = now() - make_interval(secs => $2) where id = $1`, [id, PORTAL_SESSION_LIFETIME_S + 1])
    const res = await page(url)
    expect(res.status).toBe(404)
    expect(res.html).toContain(`<a href="${SITE}/en/app">Return to site</a>`)
    expect((await post(`${url}/cancel`, fields)).status).toBe(404)
    expect(await theRow(user)).toMatchObject({ status: 'active', cancel_at_period_end: false })
  })

  it('the session’s id is long and random, and its token is not in its URL', async () => {
    const user = await confirmedUser(stack)
    await payForPro(user)
    const [a, b] = [await openPortal(user), await openPortal(user)]
    expect(a).not.toBe(b)
    expect(a).toMatch(/\/bps_local_[0-9a-f]{48}$/)
    const { fields } = await page(a)
    expect(a).not.toContain(fields.token)
  })
})

describe('the account functions with a subscription cancelling at the period’s end', () => {
  it('export-account lists it as cancelling; delete-account ends it at the stand-in first', async () => {
    const user = await confirmedUser(stack)
    await payForPro(user)
    const url = await openPortal(user)
    const { fields } = await page(`${url}/cancel`)
    await post(`${url}/cancel`, fields)
    const subscription = (await theRow(user)).stripe_subscription_id

    const exported = await user.sb.functions.invoke('export-account', { body: {} })
    expect(exported.error).toBeNull()
    expect((exported.data as { subscriptions: Row[] }).subscriptions).toEqual([expect.objectContaining({ status: 'active', cancel_at_period_end: true })])

    const deleted = await user.sb.functions.invoke('delete-account', { body: { confirm: user.email } })
    expect(deleted.error).toBeNull()
    expect((await atProvider(subscription)).status).toBe('canceled')
    // The portal of a deleted account's customer shows nothing running.
    expect((await page(url)).html).toContain('You have no current subscription.')
  })
})
