import { msg } from '@lingui/core/macro'
import { Checkout } from '../features/checkout/checkout'

/** The page's title (the document's, and the prerendered head's). */
export const title = msg({ message: 'Upgrade to Pro – Vekstlinje', context: 'page title' })

export default function CheckoutPage() {
  return <Checkout />
}
