import { Checkout } from '../features/checkout/checkout'

export default function CheckoutPage() {
  return <Checkout />
}
