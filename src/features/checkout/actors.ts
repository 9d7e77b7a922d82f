import { fromPromise } from 'xstate'
import { planOf, type Subscription } from '../../../machines/subscriptions.machine'
import type { Lang } from '../../i18n/lang'
import { getSupabase } from '../../lib/supabase'

export const loadPlan = fromPromise<'pro' | 'free'>(async () => {
  const supabase = await getSupabase()
  const { data: session } = await supabase.auth.getSession()
  const userId = session.session?.user.id
  if (!userId) return 'free'
  const { data, error } = await supabase.from('subscriptions').select('*').eq('user_id', userId)
  if (error) throw error
  return planOf(data as Subscription[])
})

/** Asks the server for a checkout link; its error message, when it sends one, is kept. */
export const createCheckout = (lang: Lang) =>
  fromPromise<{ url?: string | null }>(async () => {
    const supabase = await getSupabase()
    const { data, error } = await supabase.functions.invoke('create-checkout', { body: { productType: 'pro', lang } })
    if (error) {
      const context = (error as { context?: Response }).context
      const body = context && typeof context.json === 'function' ? await context.json().catch(() => null) : null
      throw new Error((body as { error?: string } | null)?.error ?? error.message)
    }
    return (data ?? {}) as { url?: string | null }
  })
