// The stand-in's invoices as Stripe makes them for this account: numbered in one series when they
// are finalized (account-level sequential numbering: VL-0001, VL-0002, …), the buyer's name, address
// and tax ID from the customer (create-checkout sets them), 25 % MVA from the tax rate for a
// Norwegian buyer or none with the reverse-charge footer for an EU business (tax_exempt 'reverse'),
// and the custom fields the customer's invoice settings carry.
import type { PGlite } from '@electric-sql/pglite'
import { invoiceFields, reverseChargeText } from '../functions/_shared/invoice-texts.ts'
import { VAT_RATE_PERCENT } from '../functions/_shared/vat.ts'
import type { Json } from './payments-stripe-shapes.ts'

/** The buyer as the stand-in keeps it on its customer (create-checkout's `buyer`). */
export interface LocalBuyer {
  name: string
  address: { line1: string; postal_code: string; city: string; country: string }
  orgNumber: string | null
  taxId: { type: string; value: string } | null
  treatment: 'standard' | 'reverse_charge'
}

/** The stand-in's tax rate, as the deploy's STRIPE_TAX_RATE_MVA is at Stripe. */
export const LOCAL_TAX_RATE = { id: 'txr_local_mva', object: 'tax_rate', display_name: 'MVA', percentage: VAT_RATE_PERCENT, inclusive: false, country: 'NO', tax_type: 'vat' }

/** Finalizes an invoice the stand-in made (once: one with a number is left as it is): its number,
 * the buyer, the tax and the totals. Changes `invoice` in place, so the events that carry it say so too. */
export async function billInvoice(db: PGlite, invoice: Json): Promise<Json> {
  if (invoice.number) return invoice
  const { rows } = await db.query<{ buyer: LocalBuyer | null; lang: string }>('select buyer, lang from local_stack.customers where id = $1', [invoice.customer])
  const buyer = rows[0]?.buyer ?? null
  const lang = rows[0]?.lang === 'en' ? 'en' : 'nb'
  const { rows: next } = await db.query<{ n: number }>("select nextval('local_stack.invoice_numbers')::int as n")
  const subtotal = Number((invoice.lines as { data: Array<{ amount: number }> }).data.reduce((sum, line) => sum + line.amount, 0))
  const reverse = buyer?.treatment === 'reverse_charge'
  const tax = reverse ? 0 : Math.round((subtotal * VAT_RATE_PERCENT) / 100)
  const total = subtotal + tax
  const paid = invoice.status === 'paid'
  const taxLine = {
    amount: tax,
    tax_behavior: 'exclusive',
    taxability_reason: reverse ? 'reverse_charge' : 'standard_rated',
    taxable_amount: subtotal,
    type: 'tax_rate_details',
    tax_rate_details: { tax_rate: LOCAL_TAX_RATE.id },
  }
  Object.assign(invoice, {
    number: `VL-${String(next[0]!.n).padStart(4, '0')}`,
    customer_name: buyer?.name ?? null,
    customer_address: buyer?.address ?? null,
    customer_tax_exempt: reverse ? 'reverse' : 'none',
    customer_tax_ids: buyer?.taxId ? [buyer.taxId] : [],
    customer_preferred_locales: [lang],
    custom_fields: invoiceFields(lang, buyer?.orgNumber ?? null),
    footer: reverse ? reverseChargeText[lang] : null,
    subtotal,
    subtotal_excluding_tax: subtotal,
    total,
    total_excluding_tax: subtotal,
    total_taxes: reverse ? [] : [taxLine],
    amount_due: total,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    // Charged to the card at once: due the day it is issued.
    due_date: Number(invoice.created),
    status_transitions: { finalized_at: Number(invoice.created), paid_at: paid ? Number(invoice.created) : null },
  })
  for (const line of (invoice.lines as { data: Json[] }).data) line.taxes = reverse ? [] : [{ ...taxLine, amount: Math.round((Number(line.amount) * VAT_RATE_PERCENT) / 100), taxable_amount: line.amount }]
  return invoice
}

/** Finalizes every invoice the events carry. */
export async function billInvoices(db: PGlite, events: Json[]): Promise<void> {
  for (const e of events) {
    const object = (e.data as { object?: Json } | undefined)?.object
    if (object?.object === 'invoice') await billInvoice(db, object)
  }
}
