// The invoice's page of the payment stand-in (Stripe's hosted invoice page): the amount, the plan,
// the status, and, while it is open, a choice of card to pay it with, or the bank's question (3-D
// Secure) to confirm or refuse. English, as Stripe's page for this account; marked as a stand-in.
import { escapeHtml, layout } from './pages.ts'
import { longDate, money } from './payments-pages.ts'
import { CARDS, cardLabel, type InvoiceRow } from './payments-store.ts'
import { type Json, offerOf } from './payments-stripe-shapes.ts'

export type InvoiceView = { invoice: Json; row: InvoiceRow; plan: string | null; cardOnFile: string | null; done?: string; error?: string }

const BANNER =
  '<p class="banner" role="note">Local stand-in for the payment provider\'s invoice page. No money moves and no request goes to Stripe: this page belongs to the local development stack.</p>'

/** What a finished step says (the only values `?done=` may take). */
export const INVOICE_NOTICES: Record<string, string> = {
  paid: 'Thank you: the invoice is paid.',
  declined: 'The card was declined. Choose another card.',
  confirm: 'Your bank asks you to confirm the payment.',
  'not-confirmed': 'The payment was not confirmed, so nothing was charged. Confirm it, or pay with another card.',
}

/** The customer's hidden field every form of the page sends. */
const token = (row: InvoiceRow) => `<input type="hidden" name="token" value="${escapeHtml(row.form_token)}">`

function payForm(view: InvoiceView, base: string, amount: string): string {
  const choices = Object.entries(CARDS)
    .map(
      ([id, card]) =>
        `<label class="option"><input type="radio" name="card" value="${id}"${id === (view.cardOnFile ?? 'pm_local_card') ? ' checked' : ''}>${escapeHtml(card.label)}${id === view.cardOnFile ? ' (the card on file)' : ''}: ${escapeHtml(card.behaviour)}</label>`,
    )
    .join('\n')
  return `<h2>Pay this invoice</h2>
<form method="post" action="${escapeHtml(`${base}/pay`)}">
${token(view.row)}
<fieldset>
<legend>Card</legend>
${choices}
</fieldset>
<button type="submit">Pay ${escapeHtml(amount)}</button>
</form>`
}

function confirmForm(view: InvoiceView, base: string): string {
  return `<h2>Confirm the payment</h2>
<p>Your bank asks you to confirm this payment with 3-D Secure (${escapeHtml(cardLabel(view.row.payment_method))}). On a real bank's page you would approve it in your bank's app; here, choose what the bank hears.</p>
<form method="post" action="${escapeHtml(`${base}/authenticate`)}">
${token(view.row)}
<button type="submit" name="result" value="complete">Complete authentication</button>
<button type="submit" name="result" value="fail">Fail authentication</button>
</form>`
}

export function invoicePage(view: InvoiceView, base: string): string {
  const { invoice, row } = view
  const amount = money(Number(invoice.amount_due ?? 0), String(invoice.currency ?? 'nok'))
  const open = row.status === 'open'
  const notice = view.done && Object.hasOwn(INVOICE_NOTICES, view.done) ? `<p class="notice" role="status">${escapeHtml(INVOICE_NOTICES[view.done]!)}</p>\n` : ''
  const error = view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>\n` : ''
  const next = open && invoice.next_payment_attempt ? `<p>The next automatic attempt is on ${longDate(Number(invoice.next_payment_attempt))}.</p>` : ''
  const action = !open ? '<p>This invoice is paid. Nothing more to do.</p>' : row.intent_status === 'requires_action' ? confirmForm(view, base) : payForm(view, base, amount)
  return layout(
    'Invoice (local stand-in)',
    `<h1>Invoice from Vekstlinje</h1>
${BANNER}
${notice}${error}<dl>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>For</dt><dd>${escapeHtml(view.plan ? offerOf({ plan: view.plan }).name : 'Vekstlinje')}</dd>
<dt>Date</dt><dd>${longDate(Number(row.created))}</dd>
<dt>Status</dt><dd>${open ? 'Open' : 'Paid'}</dd>
</dl>
${next}
${action}`,
  )
}
