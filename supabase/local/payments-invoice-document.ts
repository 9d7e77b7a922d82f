// The invoice as a document (Stripe's invoice PDF; here a page a browser prints), in the buyer's
// language, with what a Norwegian invoice must show (bokføringsforskriften §§ 5-1-1 to 5-1-3):
// its number and date, seller and buyer, what was delivered, when and for how much, the due
// date, VAT in NOK, the seller's organisation number with MVA and "Foretaksregisteret", and for a
// zero-rated EU business the reverse-charge text.
import { seller, sellerOrgLine, sellerRegister } from '../functions/_shared/seller.ts'
import { VAT_RATE_PERCENT } from '../functions/_shared/vat.ts'
import { escapeHtml, layout } from './pages.ts'
import type { Json } from './payments-stripe-shapes.ts'

type Lang = 'nb' | 'en'

const words = {
  nb: {
    invoice: 'Faktura', number: 'Fakturanummer', date: 'Fakturadato', due: 'Forfallsdato', seller: 'Selger', buyer: 'Kjøper',
    orgNumber: 'Org.nr.', vatNumber: 'MVA-nummer', description: 'Beskrivelse', period: 'Leveringsperiode', quantity: 'Antall',
    amount: 'Beløp (NOK)', subtotal: 'Sum eks. mva', vat: `Merverdiavgift ${VAT_RATE_PERCENT} %`, noVat: 'Merverdiavgift 0 %', total: 'Å betale inkl. mva',
    paid: 'Betalt med kort', open: 'Ikke betalt', currency: 'Alle beløp i norske kroner (NOK).', stand: 'Lokal stand-in for betalingsleverandørens faktura.',
  },
  en: {
    invoice: 'Invoice', number: 'Invoice number', date: 'Date of issue', due: 'Date due', seller: 'Seller', buyer: 'Bill to',
    orgNumber: 'Org. no.', vatNumber: 'VAT number', description: 'Description', period: 'Service period', quantity: 'Qty',
    amount: 'Amount (NOK)', subtotal: 'Subtotal excl. VAT', vat: `VAT (MVA) ${VAT_RATE_PERCENT} %`, noVat: 'VAT 0 %', total: 'Amount due incl. VAT',
    paid: 'Paid by card', open: 'Not paid', currency: 'All amounts in Norwegian kroner (NOK).', stand: "Local stand-in for the payment provider's invoice.",
  },
} as const

const date = (seconds: number, lang: Lang) =>
  new Date(seconds * 1000).toLocaleDateString(lang === 'nb' ? 'nb-NO' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Oslo' })

/** "3 123,75" (nb) / "3,123.75" (en) for 312375 øre. */
const nok = (ore: number, lang: Lang) => (ore / 100).toLocaleString(lang === 'nb' ? 'nb-NO' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function invoiceDocument(invoice: Json): string {
  const lang: Lang = (invoice.customer_preferred_locales as string[] | undefined)?.[0] === 'en' ? 'en' : 'nb'
  const w = words[lang]
  const e = (value: unknown) => escapeHtml(String(value ?? ''))
  const address = (invoice.customer_address ?? {}) as { line1?: string; postal_code?: string; city?: string; country?: string }
  const taxIds = (invoice.customer_tax_ids ?? []) as Array<{ type: string; value: string }>
  const fields = (invoice.custom_fields ?? []) as Array<{ name: string; value: string }>
  const lines = (invoice.lines as { data: Array<{ description: string; amount: number; quantity: number; period: { start: number; end: number } }> }).data
  const tax = ((invoice.total_taxes ?? []) as Array<{ amount: number }>).reduce((sum, t) => sum + t.amount, 0)
  const reverse = invoice.customer_tax_exempt === 'reverse'
  const row = (label: string, value: string, id = '') => `<tr${id ? ` data-row="${id}"` : ''}><th scope="row">${label}</th><td>${value}</td></tr>`
  const body = `<p class="banner" role="note">${w.stand}</p>
<h1>${w.invoice} ${e(invoice.number)}</h1>
<table class="facts">
${row(w.number, e(invoice.number), 'number')}
${row(w.date, date(Number(invoice.created), lang), 'date')}
${row(w.due, date(Number(invoice.due_date ?? invoice.created), lang), 'due')}
</table>
<section aria-labelledby="seller"><h2 id="seller">${w.seller}</h2>
<p>${e(seller.legalName)}<br>${e(seller.street)}<br>${e(seller.postalCode)} ${e(seller.city)}<br><span data-field="seller-org">${e(sellerOrgLine)}</span><br><span data-field="register">${e(sellerRegister)}</span></p></section>
<section aria-labelledby="buyer"><h2 id="buyer">${w.buyer}</h2>
<p data-field="buyer">${e(invoice.customer_name)}<br>${e(address.line1)}<br>${e(address.postal_code)} ${e(address.city)}<br>${e(address.country)}${taxIds.map((t) => `<br>${t.type === 'no_vat' ? w.orgNumber : w.vatNumber} ${e(t.value)}`).join('')}</p>
${fields.map((f) => `<p>${e(f.name)}: ${e(f.value)}</p>`).join('')}</section>
<table class="lines">
<thead><tr><th scope="col">${w.description}</th><th scope="col">${w.period}</th><th scope="col">${w.quantity}</th><th scope="col">${w.amount}</th></tr></thead>
<tbody>${lines.map((l) => `<tr><td>${e(l.description)}</td><td>${date(l.period.start, lang)} – ${date(l.period.end, lang)}</td><td>${e(l.quantity)}</td><td>${nok(l.amount, lang)}</td></tr>`).join('')}</tbody>
</table>
<table class="totals">
${row(w.subtotal, nok(Number(invoice.subtotal ?? 0), lang), 'subtotal')}
${row(reverse ? w.noVat : w.vat, nok(tax, lang), 'vat')}
${row(w.total, nok(Number(invoice.total ?? invoice.amount_due ?? 0), lang), 'total')}
</table>
<p>${w.currency} <span data-field="status">${invoice.status === 'paid' ? w.paid : w.open}</span></p>
${invoice.footer ? `<p data-field="footer">${e(invoice.footer)}</p>` : ''}`
  return layout(`${w.invoice} ${invoice.number}`, body, lang)
}
