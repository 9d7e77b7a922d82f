import { fromPromise } from 'xstate'
import type { CheckoutRequest } from '../../../machines/checkout.machine'
import { planOf } from '../../../machines/subscriptions.machine'
import type { RegisteredCompany } from '../../../supabase/functions/_shared/company-register'
import { freePlan, owesPayment, PAYMENT_OWED } from '../../../supabase/functions/_shared/plans'
import type { Lang } from '../../i18n/lang'
import { invokeFunction } from '../../lib/functions'
import { readSubscriptions } from '../../lib/subscriptions'
import { getSupabase } from '../../lib/supabase'

/** The id of the plan the signed-in user is on now, or PAYMENT_OWED while they owe a payment. */
export const loadPlan = fromPromise<string>(async () => {
  const supabase = await getSupabase()
  const { data: session } = await supabase.auth.getSession()
  const userId = session.session?.user.id
  if (!userId) return freePlan.id
  const rows = await readSubscriptions(userId)
  return owesPayment(rows) ? PAYMENT_OWED : planOf(rows).id
})

/** Asks the server for a checkout link for the plan and the buyer; a refusal keeps the server's
 * message and code. */
export const createCheckout = (lang: Lang) =>
  fromPromise<{ url?: string | null }, CheckoutRequest>(
    async ({ input }) => (await invokeFunction<{ url?: string | null } | null>('create-checkout', { productType: input.plan, lang, buyer: input.buyer })) ?? {},
  )

/** The company an organization number names in Enhetsregisteret, through company-lookup. */
export const lookUpCompany = fromPromise<RegisteredCompany, { orgNumber: string }>(async ({ input, signal }) => {
  const { company } = await invokeFunction<{ company: RegisteredCompany }>('company-lookup', { orgNumber: input.orgNumber }, signal)
  return company
})
