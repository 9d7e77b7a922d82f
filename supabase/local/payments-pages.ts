// The payment stand-in's pages: the checkout page and the customer portal's pages (English, as
// Stripe's; each marked as a stand-in in its title and a banner).
import type Stripe from 'stripe'
import { escapeHtml, layout } from './pages.ts'
import { VAT_RATE_PERCENT } from '../functions/_shared/vat.ts'
import type { LocalBuyer } from './payments-billing.ts'
import {
  CARDS,
  cardLabel,
  type InvoiceRow,
  mayCancel,
  mayEndPeriod,
  mayRenew,
  mayResume,
  type PortalSessionRow,
  type SessionRow,
  type SubscriptionRow,
} from './payments-store.ts'
import { type Json, offerOf } from './payments-stripe-shapes.ts'

/** A stand-in page, marked as such in its title. */
const standInPage = (title: string, body: string) => layout(`${title} (local stand-in)`, body)

/** The buyer and the tax, as Stripe's Checkout shows a customer whose details are known. */
function billedTo(offer: { amount: number; currency: string }, buyer: LocalBuyer | null): string {
  if (!buyer) return ''
  const reverse = buyer.treatment === 'reverse_charge'
  const tax = reverse ? 0 : Math.round((offer.amount * VAT_RATE_PERCENT) / 100)
  const a = buyer.address
  return `<dt>Bill to</dt><dd data-field="buyer">${escapeHtml(buyer.name)}, ${escapeHtml(a.line1)}, ${escapeHtml(a.postal_code)} ${escapeHtml(a.city)}, ${escapeHtml(a.country)}${buyer.taxId ? ` (${escapeHtml(buyer.taxId.value)})` : ''}</dd>
<dt>${reverse ? 'VAT 0 % (reverse charge)' : `VAT (MVA) ${VAT_RATE_PERCENT} %`}</dt><dd>${escapeHtml(money(tax, offer.currency))}</dd>
<dt>Total per month</dt><dd data-field="total">${escapeHtml(money(offer.amount + tax, offer.currency))}</dd>
`
}

export function checkoutPage(session: SessionRow, action: string, error?: string, buyer: LocalBuyer | null = null): string {
  const offer = offerOf(session)
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : ''
  return standInPage(
    `Pay for ${offer.name}`,
    `<h1>${escapeHtml(offer.name)}</h1>
<p class="banner" role="note">Local stand-in for the payment provider's checkout. No money moves and no request goes to Stripe: this page belongs to the local development stack.</p>
<dl>
<dt>Plan</dt><dd>${escapeHtml(offer.name)}</dd>
<dt>Price</dt><dd>${escapeHtml(offer.label)}${buyer ? ' excl. VAT' : ''}</dd>
<dt>Account</dt><dd>${escapeHtml(session.email || session.user_id)}</dd>
${billedTo(offer, buyer)}</dl>
${alert}<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="decision" value="pay">Pay</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>
<p>Once paid, "Manage subscription" on the dashboard opens this stand-in's portal, whose tools for tests and demos try the subscription's later life: the card a renewal meets (one that is declined, one that asks for 3-D Secure), a test clock to the renewal and its retries, and webhooks lost on purpose.</p>`,
  )
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** "25 November 2026", in UTC (the stand-in's clock). */
export function longDate(seconds: number): string {
  const d = new Date(seconds * 1000)
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
}

const dateHtml = (seconds: number) => `<time datetime="${new Date(seconds * 1000).toISOString()}">${longDate(seconds)}</time>`

/** "2 499 NOK" for 249900 øre. */
export function money(minor: number, currency: string): string {
  const major = minor / 100
  const digits = Number.isInteger(major) ? major.toLocaleString('en-US') : major.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return `${digits.replace(/,/g, ' ')} ${currency.toUpperCase()}`
}

/** Each subscription status as Stripe's portal and Dashboard name it. */
const SUBSCRIPTION_STATUS: Record<Stripe.Subscription.Status, string> = {
  active: 'Active',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Incomplete expired',
  past_due: 'Past due',
  paused: 'Paused',
  trialing: 'Trialing',
  unpaid: 'Unpaid',
}

/** Each invoice status as Stripe names it. */
const INVOICE_STATUS: Record<Stripe.Invoice.Status, string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
}

const label = <T extends string>(labels: Record<T, string>, status: string) => (Object.hasOwn(labels, status) ? labels[status as T] : status)

/** What a finished action says on the portal page (the only values `?done=` may take). */
export const NOTICES: Record<string, string> = {
  canceled: 'Your subscription is cancelled. It stays active until the end of the billing period.',
  resumed: 'Your subscription is resumed. It renews at the end of the billing period.',
  ended: 'The period has ended: the subscription is cancelled.',
  renewed: 'The test clock reached the renewal: a new period started, and its invoice was charged to the card.',
  retried: 'The test clock reached the next attempt: the invoice was charged to the card again.',
  'retries-over': 'The test clock ran through the attempts left.',
  'card-updated': 'Your payment method is updated.',
  'renewal-card': 'Renewals are now charged to the card you chose.',
  'lose-webhooks': 'The webhooks of the next change will be lost: the site hears of it only when the nightly reconciliation runs.',
}

export type PortalView = {
  session: PortalSessionRow
  email: string
  subscription: SubscriptionRow | undefined
  invoices: Json[]
  /** The customer's default card (invoice settings), and the card renewals are charged to. */
  customerCard: string | null
  renewalCard: string | null
  /** The customer's test clock, and whether it runs ahead of real time. */
  clock: number
  clockAhead: boolean
  loseWebhooks: boolean
  /** The open invoice the schedule tries again, when there is one. */
  retryDue: InvoiceRow | null
  notice?: string
  error?: string
}

const PORTAL_BANNER =
  '<p class="banner" role="note">Local stand-in for the payment provider\'s customer portal. No money moves and no request goes to Stripe: this page belongs to the local development stack.</p>'

/** The hidden fields every form of the portal sends: the session's token and what the page showed. */
function hidden(session: PortalSessionRow, row: SubscriptionRow): string {
  return `<input type="hidden" name="token" value="${escapeHtml(session.form_token)}">
<input type="hidden" name="subscription" value="${escapeHtml(row.id)}">
<input type="hidden" name="revision" value="${Number(row.revision)}">`
}

function subscriptionSection(view: PortalView, base: string): string {
  const row = view.subscription
  if (!row) return '<h2>Current subscription</h2>\n<p>You have no current subscription.</p>'
  const offer = offerOf(row)
  const end = Number(row.current_period_end)
  const when = row.cancel_at_period_end
    ? `<p>Cancels on ${dateHtml(end)}</p>`
    : row.status === 'active' || row.status === 'trialing'
      ? `<p>Renews on ${dateHtml(end)}</p>`
      : `<p>The current period ends on ${dateHtml(end)}</p>`
  const status = row.cancel_at_period_end ? 'Active until the end of the period' : label(SUBSCRIPTION_STATUS, row.status)
  const actions = [
    mayCancel(row)
      ? `<form method="get" action="${escapeHtml(`${base}/cancel`)}">
<button type="submit">Cancel subscription</button>
</form>`
      : '',
    mayResume(row)
      ? `<form method="post" action="${escapeHtml(`${base}/resume`)}">
${hidden(view.session, row)}
<button type="submit">Resume subscription</button>
</form>`
      : '',
  ].filter(Boolean)
  const tools = demoTools(view, row, base)
  return `<h2>Current subscription</h2>
<dl>
<dt>Plan</dt><dd>${escapeHtml(offer.name)}</dd>
<dt>Price</dt><dd>${escapeHtml(offer.label)}</dd>
<dt>Status</dt><dd>${escapeHtml(status)}</dd>
</dl>
${when}
<p>Payment method: ${escapeHtml(cardLabel(view.renewalCard))} <a href="${escapeHtml(`${base}/payment-method`)}">Update payment method</a></p>
${actions.join('\n')}
${tools}`
}

/** A button of the demo tools: a POST of the page's hidden fields. */
const toolForm = (view: PortalView, row: SubscriptionRow, action: string, label: string, extra = '') =>
  `<form method="post" action="${escapeHtml(action)}">
${hidden(view.session, row)}${extra}
<button type="submit">${escapeHtml(label)}</button>
</form>`

/** What Stripe's portal does not have: the stand-in's test clock, its cards, and lost webhooks, for
 * a person to try a subscription's life on `npm start`, and for tests. */
function demoTools(view: PortalView, row: SubscriptionRow, base: string): string {
  const parts: string[] = []
  if (view.clockAhead) parts.push(`<p>This customer's test clock reads ${dateHtml(view.clock)}.</p>`)
  if (mayEndPeriod(row)) {
    parts.push(`<p>Ends the current billing period now, as if its last day had passed. This subscription cancels at the end of the period, so it is cancelled now.</p>
${toolForm(view, row, `${base}/end-period`, 'End the period now')}`)
  }
  if (mayRenew(row)) {
    const options = Object.entries(CARDS)
      .map(([id, card]) => `<option value="${id}"${id === view.renewalCard ? ' selected' : ''}>${escapeHtml(card.label)}: ${escapeHtml(card.behaviour)}</option>`)
      .join('')
    parts.push(`<p>Renewals are charged to ${escapeHtml(cardLabel(view.renewalCard))}. Choose the card the next renewal meets:</p>
${toolForm(view, row, `${base}/renewal-card`, 'Use this card for renewals', `\n<label for="renewal-card">Card for renewals</label>\n<select id="renewal-card" name="card">${options}</select>`)}
<p>Moves this customer's test clock to the end of the period (${dateHtml(Number(row.current_period_end))}): the subscription renews, and the new period's invoice is charged to the card.</p>
${toolForm(view, row, `${base}/renew`, 'Advance the test clock to the renewal')}`)
  }
  if (view.retryDue) {
    parts.push(`<p>The open invoice is tried again on ${dateHtml(Number(view.retryDue.next_payment_attempt))} (attempt ${Number(view.retryDue.attempt_count) + 1} of 8, as Smart Retries: eight tries in two weeks, then the subscription is unpaid).</p>
${toolForm(view, row, `${base}/retry`, 'Advance the test clock to the next attempt')}
${toolForm(view, row, `${base}/retries-run-out`, 'Advance the test clock past the last attempt')}`)
  }
  if (!isFinalRow(row)) {
    parts.push(
      view.loseWebhooks
        ? '<p>The webhooks of the next change will be lost.</p>'
        : `<p>Makes the next change's webhooks go nowhere, as if Stripe could not deliver them: the site hears of it only from the nightly reconciliation.</p>
${toolForm(view, row, `${base}/lose-webhooks`, 'Lose the webhooks of the next change')}`,
    )
  }
  if (parts.length === 0) return ''
  return `<h2>For tests and demos</h2>
<p>Stripe's portal has none of these: they belong to the local stand-in.</p>
${parts.join('\n')}`
}

const isFinalRow = (row: SubscriptionRow) => row.status === 'canceled' || row.status === 'incomplete_expired'

/** The update of the payment method: the card the customer saves becomes their default. Opened from
 * the portal, or straight from the site (Stripe's deep link), which it then returns to. */
export function paymentMethodPage(view: PortalView, base: string): string {
  const choices = Object.entries(CARDS)
    .map(
      ([id, card], i) =>
        `<label class="option"><input type="radio" name="card" value="${id}"${i === 0 ? ' checked' : ''}>${escapeHtml(card.label)}: ${escapeHtml(card.behaviour)}</label>`,
    )
    .join('\n')
  const back = view.session.flow === 'payment_method_update' ? (view.session.flow_return_url ?? view.session.return_url) : base
  return standInPage(
    'Update payment method',
    `<h1>Update payment method</h1>
${PORTAL_BANNER}
<p>Account: ${escapeHtml(view.email || view.session.customer_id)}</p>
<p>Current payment method: ${escapeHtml(cardLabel(view.renewalCard ?? view.customerCard))}</p>
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>\n` : ''}<form method="post" action="${escapeHtml(`${base}/payment-method`)}">
<input type="hidden" name="token" value="${escapeHtml(view.session.form_token)}">
<fieldset>
<legend>New card</legend>
${choices}
</fieldset>
<button type="submit">Save card</button>
</form>
<p><a href="${escapeHtml(back)}">Go back</a></p>`,
  )
}

function invoicesSection(invoices: Json[]): string {
  if (invoices.length === 0) return '<h2>Invoices</h2>\n<p>No invoices yet.</p>'
  const rows = invoices
    .map((inv) => {
      const paid = inv.status === 'paid'
      const amount = money(Number(paid ? inv.amount_paid : inv.amount_due), String(inv.currency))
      return `<tr><td>${dateHtml(Number(inv.created))}</td><td>${escapeHtml(amount)}</td><td>${escapeHtml(label(INVOICE_STATUS, String(inv.status)))}</td></tr>`
    })
    .join('\n')
  return `<h2>Invoices</h2>
<table>
<thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}

export function portalPage(view: PortalView, base: string): string {
  const notice = view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>\n` : ''
  const error = view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>\n` : ''
  return standInPage(
    'Manage your subscription',
    `<h1>Manage your subscription</h1>
${PORTAL_BANNER}
<p>Account: ${escapeHtml(view.email || view.session.customer_id)}</p>
${notice}${error}${subscriptionSection(view, base)}
${invoicesSection(view.invoices)}
<p><a href="${escapeHtml(view.session.return_url)}">Return to site</a></p>`,
  )
}

export function confirmCancelPage(session: PortalSessionRow, row: SubscriptionRow, base: string): string {
  const offer = offerOf(row)
  return standInPage(
    'Cancel subscription',
    `<h1>Cancel subscription</h1>
${PORTAL_BANNER}
<p>Your ${escapeHtml(offer.name)} subscription will be cancelled at the end of the billing period. It stays active until ${dateHtml(Number(row.current_period_end))}, and you will not be charged again.</p>
<form method="post" action="${escapeHtml(`${base}/cancel`)}">
${hidden(session, row)}
<button type="submit">Confirm cancellation</button>
</form>
<p><a href="${escapeHtml(base)}">Go back</a></p>`,
  )
}

/** A portal URL that has expired or never existed; with the session, the way back to the site. */
export function portalGonePage(session?: PortalSessionRow): string {
  const back = session ? `<p><a href="${escapeHtml(session.return_url)}">Return to site</a></p>` : ''
  return standInPage(
    'Portal session expired',
    `<h1>Portal session expired</h1>\n${PORTAL_BANNER}\n<p>This link to the customer portal has expired or does not exist. Open the portal again from the site.</p>\n${back}`,
  )
}
