import type { HealthAnswer } from '../../../machines/webhook-health.machine'
import type { Invoice } from '../../../machines/invoices.machine'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { type EventObject, fromCallback, fromPromise } from 'xstate'
import type { ChannelEvent, PageEvent, Subscription, WatcherCommand } from '../../../machines/subscriptions.machine'
import type { Lang } from '../../i18n/lang'
import { invokeFunction } from '../../lib/functions'
import { readSubscriptions } from '../../lib/subscriptions'
import { getSupabase } from '../../lib/supabase'

export const fetchSubscriptions = fromPromise<Subscription[], { userId: string }>(({ input, signal }) => readSubscriptions(input.userId, signal))

/** The realtime channel on the user's rows: reports each change, each (re)join and each loss of
 * the channel, and the session's token refreshes; on `channel.rejoin` it leaves the channel and
 * joins a new one (with the current token). */
export const watchSubscriptions = fromCallback<WatcherCommand, { userId: string }>(({ sendBack, receive, input }) => {
  let stopped = false
  let supabase: SupabaseClient | undefined
  let channel: RealtimeChannel | undefined
  let joins = 0
  let stopAuth: (() => void) | undefined
  const report = (event: ChannelEvent) => {
    if (!stopped) sendBack(event)
  }
  const join = (client: SupabaseClient) => {
    joins += 1
    // A topic of its own per join: the channel being left may still hold the previous one.
    const own = client
      .channel(`subs-${input.userId}-${joins}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'subscriptions', filter: `user_id=eq.${input.userId}` }, () => {
        if (channel === own) report({ type: 'subscriptions.changed' })
      })
    channel = own
    own.subscribe((status) => {
      // A channel left for a new one has nothing more to say.
      if (channel !== own) return
      // The realtime client says SUBSCRIBED again each time it rejoins after a lost socket.
      report({ type: status === 'SUBSCRIBED' ? 'channel.joined' : 'channel.lost' })
    })
  }
  const leave = () => {
    if (channel && supabase) void supabase.removeChannel(channel)
    channel = undefined
  }
  void getSupabase().then((client) => {
    if (stopped) return
    supabase = client
    join(client)
    const { data } = client.auth.onAuthStateChange((event) => {
      if (event === 'TOKEN_REFRESHED') report({ type: 'session.refreshed' })
    })
    stopAuth = () => data.subscription.unsubscribe()
  })
  receive((command) => {
    if (command.type !== 'channel.rejoin' || !supabase || stopped) return
    leave()
    join(supabase)
  })
  return () => {
    stopped = true
    stopAuth?.()
    leave()
  }
})

/** Where the dashboard notes that the customer went to the payment provider's portal. */
export const PORTAL_VISIT_KEY = 'vekstlinje-portal-visit'
/** A return later than this after leaving for the portal is not taken as one. */
export const PORTAL_RETURN_WINDOW_MS = 30 * 60 * 1000

/** Notes the visit to the portal, so that the dashboard, when the customer comes back, expects a change. */
export function notePortalVisit(now = Date.now()) {
  try {
    sessionStorage.setItem(PORTAL_VISIT_KEY, String(now))
  } catch {
    // Storage refused (private mode): the live updates alone keep the dashboard current.
  }
}

/** Whether this tab just came back from the portal; the note is used up. */
function backFromPortal(now = Date.now()): boolean {
  try {
    const left = Number(sessionStorage.getItem(PORTAL_VISIT_KEY))
    sessionStorage.removeItem(PORTAL_VISIT_KEY)
    return left > 0 && now - left >= 0 && now - left < PORTAL_RETURN_WINDOW_MS
  } catch {
    return false
  }
}

/** The page's own signs that the rows may be stale: the tab shown again (also when the browser
 * brings the page back from its back-forward cache), the network back, a return from the portal. */
export const watchPage = fromCallback<EventObject>(({ sendBack }) => {
  const report = (event: PageEvent) => sendBack(event)
  const onVisibility = () => {
    if (document.visibilityState === 'visible') report({ type: 'page.visible' })
  }
  const onOnline = () => report({ type: 'network.online' })
  // Brought back from the back-forward cache: from the portal, or from anywhere else.
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) report({ type: backFromPortal() ? 'change.expected' : 'page.visible' })
  }
  if (backFromPortal()) report({ type: 'change.expected' })
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('online', onOnline)
  window.addEventListener('pageshow', onPageShow)
  return () => {
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('online', onOnline)
    window.removeEventListener('pageshow', onPageShow)
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
  fromPromise<{ url?: string | null }>(async () => (await invokeFunction<{ url?: string | null } | null>('create-portal-session', { lang })) ?? {})

/** Asks the server for the one page that fixes an owed payment: the portal's update of the card
 * (back to the dashboard of the customer's language), or the invoice's page for the bank's question. */
export const fixPayment = (lang: Lang) =>
  fromPromise<{ url?: string | null }>(async () => (await invokeFunction<{ url?: string | null } | null>('fix-payment', { lang })) ?? {})

/** The user's invoices, newest first, as row-level security lets them read. */
export const fetchInvoices = fromPromise<Invoice[], { userId: string }>(async ({ input, signal }) => {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('invoices')
    .select('id, number, status, currency, subtotal, tax, total, tax_treatment, issued_at, invoice_pdf')
    .eq('user_id', input.userId)
    .order('issued_at', { ascending: false })
    .abortSignal(signal)
  if (error) throw error
  return data as Invoice[]
})
