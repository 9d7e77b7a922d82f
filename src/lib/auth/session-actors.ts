import { fromCallback, fromPromise } from 'xstate'
import type { AuthEvent, AuthSession } from '../../../machines/auth.machine'
import { AUTH_STORAGE_KEY, getSupabase, withoutProviderTokens } from '../supabase'

// The session's effects: the app-wide auth actor's only contact with the backend.

/** Whether this page may hold a session: one stored in this browser, or one that an e-mail link or
 * Google has just put in the address. Without either, the visitor is signed out: known at once,
 * without the backend client (about 50 KB), so a signed-out visitor on a signed-in page goes to
 * the sign-in page without waiting for it. */
export function mayHaveSession(): boolean {
  try {
    if (localStorage.getItem(AUTH_STORAGE_KEY) !== null) return true
  } catch {
    return true
  }
  return /(^#|&)(access_token|error)=/.test(location.hash) || new URLSearchParams(location.search).has('code')
}

export const watchAuthChanges = fromCallback<AuthEvent>(({ sendBack }) => {
  let unsubscribe: (() => void) | undefined
  let stopped = false
  const connect = () =>
    void getSupabase().then((supabase) => {
      if (stopped) return
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        // A session read from the URL leaves a bare "#" behind: tidy the address.
        if (window.location.href.endsWith('#')) history.replaceState(history.state, '', `${location.pathname}${location.search}`)
        sendBack({ type: 'auth.changed', event, session: withoutProviderTokens(session) as AuthSession | null })
      })
      unsubscribe = () => data.subscription.unsubscribe()
    })
  if (mayHaveSession()) connect()
  else {
    sendBack({ type: 'auth.changed', event: 'INITIAL_SESSION', session: null })
    // Still listen, for a sign-in later in this page's life, once the browser is idle.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(connect)
    else setTimeout(connect, 0)
  }
  return () => {
    stopped = true
    unsubscribe?.()
  }
})

/** Signing out ends the session in this browser first, at once: a reload or a closed tab right
 * after the click leaves nothing behind. Then the backend ends it (whatever it answers, the local
 * session is gone), and the client forgets it and tells its listeners. */
export const signOut = fromPromise<void>(async () => {
  const stored = localStorage.getItem(AUTH_STORAGE_KEY)
  localStorage.removeItem(AUTH_STORAGE_KEY)
  const supabase = await getSupabase()
  const token = stored ? (JSON.parse(stored) as { access_token?: string }).access_token : undefined
  if (token) await supabase.auth.admin.signOut(token, 'local')
  await supabase.auth.signOut({ scope: 'local' })
})
