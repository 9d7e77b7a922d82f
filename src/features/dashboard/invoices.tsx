import { Trans, useLingui } from '@lingui/react/macro'
import type { AnyActorRef } from 'xstate'
import { VAT_RATE_PERCENT } from '../../../supabase/functions/_shared/vat'
import { button, card } from '../../components/ui.css'
import { oreText } from '../../content/plan-texts'
import { dateLocale } from '../../i18n/lang'
import { useLang } from '../../i18n/use-lang'
import { useAppMachine } from '../../lib/use-app-machine'
import { connectInvoices } from './connect'
import * as styles from './dashboard.css'
import { invoicesLogic } from './logic'

/** The user's invoices: number, date, amount with MVA, status, and the invoice itself. */
export function Invoices({ userId, subscriptions }: { userId: string; subscriptions: AnyActorRef }) {
  const { t } = useLingui()
  const lang = useLang()
  const [snapshot, send] = useAppMachine(invoicesLogic, { input: { userId, subscriptions } })
  const { invoices, loading, failed, retryProps } = connectInvoices(snapshot, send)
  const date = new Intl.DateTimeFormat(dateLocale[lang], { dateStyle: 'long' })
  const status: Record<string, string> = { paid: t`Paid`, open: t`Not paid`, void: t`Void`, uncollectible: t`Not paid` }
  return (
    <section className={card} aria-labelledby="invoices-heading" aria-busy={loading}>
      <h2 id="invoices-heading">
        <Trans>Invoices</Trans>
      </h2>
      {failed ? (
        <div role="alert">
          <p>
            <Trans>The invoices could not be loaded.</Trans>
          </p>
          <button className={button.secondary} {...retryProps}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : invoices.length === 0 ? (
        <p>{loading ? <Trans>Loading invoices…</Trans> : <Trans>No invoices yet.</Trans>}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Number</Trans>
                </th>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>Amount incl. VAT</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Invoice</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => {
                const vat = oreText(invoice.tax, lang)
                return (
                  <tr key={invoice.id} data-testid="invoice">
                    <td>{invoice.number}</td>
                    <td>{date.format(new Date(invoice.issued_at))}</td>
                    <td>
                      {oreText(invoice.total, lang)}
                      <br />
                      <span className={styles.muted}>
                        {invoice.tax_treatment === 'reverse_charge' ? <Trans>No VAT (reverse charge)</Trans> : <Trans>of which {VAT_RATE_PERCENT} % VAT {vat}</Trans>}
                      </span>
                    </td>
                    <td>{status[invoice.status] ?? invoice.status}</td>
                    <td>
                      {invoice.invoice_pdf ? (
                        <a href={invoice.invoice_pdf} target="_blank" rel="noopener noreferrer">
                          <Trans>Open invoice {invoice.number}</Trans>
                        </a>
                      ) : null}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
