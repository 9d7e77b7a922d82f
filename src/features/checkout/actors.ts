import { fromPromise } from 'xstate'
import type { HealthAnswer } from '../../../machines/webhook-health.machine'
import { planOf, type Subscription } from '../../../machines/subscriptions.machine'
import type { Lang } from '../../i18n/lang'
import { getSupabase } from '../../lib/supabase'

/** The payment webhook function's name on Supabase. */
export const WEBHOOK_FUNCTION = 'stripe-webhook'

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

export const checkWebhook = fromPromise<HealthAnswer>(async () => {
  const response = await fetch(`${import.meta.env.VITE_SUPABASE_URL}/functions/v1/${WEBHOOK_FUNCTION}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ test: 'health_check' }),
  })
  return { status: response.status, text: await response.text() }
})
