import { fromPromise } from 'xstate'
import { planOf, type Subscription } from '../../../machines/subscriptions.machine'
import { freePlan } from '../../../supabase/functions/_shared/plans'
import type { Lang } from '../../i18n/lang'
import { getSupabase } from '../../lib/supabase'

/** The id of the plan the signed-in user is on now. */
export const loadPlan = fromPromise<string>(async () => {
  const supabase = await getSupabase()
  const { data: session } = await supabase.auth.getSession()
  const userId = session.session?.user.id
  if (!userId) return freePlan.id
  const { data, error } = await supabase.from('subscriptions').select('*').eq('user_id', userId)
  if (error) throw error
  return planOf(data as Subscription[]).id
})

/** Asks the server for a checkout link; its error message, when it sends one, is kept. */
export const createCheckout = (lang: Lang) =>
  fromPromise<{ url?: string | null }, { plan: string }>(async ({ input }) => {
    const supabase = await getSupabase()
    const { data, error } = await supabase.functions.invoke('create-checkout', { body: { productType: input.plan, lang } })
    if (error) {
      const context = (error as { context?: Response }).context
      const body = context && typeof context.json === 'function' ? await context.json().catch(() => null) : null
      throw new Error((body as { error?: string } | null)?.error ?? error.message)
    }
    return (data ?? {}) as { url?: string | null }
  })
