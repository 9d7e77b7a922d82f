import { Checkout } from '../features/checkout/checkout'

/** The page's title (the document's, and the prerendered head's). */
export default function CheckoutPage() {
  return <Checkout />
}
