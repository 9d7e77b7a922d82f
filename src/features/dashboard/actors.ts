import type { HealthAnswer } from '../../../machines/webhook-health.machine'
import { fromCallback, fromPromise } from 'xstate'
import type { Subscription, SubscriptionsEvent } from '../../../machines/subscriptions.machine'
import type { Lang } from '../../i18n/lang'
import { getSupabase } from '../../lib/supabase'

export const fetchSubscriptions = fromPromise<Subscription[], { userId: string }>(async ({ input }) => {
  const supabase = await getSupabase()
  const { data, error } = await supabase.from('subscriptions').select('*').eq('user_id', input.userId)
  if (error) throw error
  return data as Subscription[]
})

export const watchSubscriptions = fromCallback<SubscriptionsEvent, { userId: string }>(({ sendBack, input }) => {
  let stop: (() => void) | undefined
  let stopped = false
  void getSupabase().then((supabase) => {
    if (stopped) return
    const channel = supabase
      .channel(`subs-${input.userId}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'subscriptions', filter: `user_id=eq.${input.userId}` }, () =>
        sendBack({ type: 'subscriptions.changed' }),
      )
      .subscribe()
    stop = () => void supabase.removeChannel(channel)
  })
  return () => {
    stopped = true
    stop?.()
  }
})

export const logFetchError = (_: unknown, { error }: { error: unknown }) => {
  console.warn('Could not fetch subscriptions', error)
}

/** The payment webhook function's name on Supabase. */
export const WEBHOOK_FUNCTION = 'stripe-webhook'

export const checkWebhook = fromPromise<HealthAnswer>(async () => {
  const response = await fetch(`${import.meta.env.VITE_SUPABASE_URL}/functions/v1/${WEBHOOK_FUNCTION}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ test: 'health_check' }),
  })
  return { status: response.status, text: await response.text() }
})

/** Asks the server for a link to the payment provider's customer portal, which brings the customer
 * back to the dashboard of their language; its error message, when it sends one, is kept. */
export const openPortal = (lang: Lang) =>
  fromPromise<{ url?: string | null }>(async () => {
    const supabase = await getSupabase()
    const { data, error } = await supabase.functions.invoke('create-portal-session', { body: { lang } })
    if (error) {
      const context = (error as { context?: Response }).context
      const body = context && typeof context.json === 'function' ? await context.json().catch(() => null) : null
      throw new Error((body as { error?: string } | null)?.error ?? error.message)
    }
    return (data ?? {}) as { url?: string | null }
  })
