/** Whether the visitor is surely signed out, known before any of the app loads: no session stored
 * in this browser (the key supabase-js is given in src/lib/supabase.ts), nothing in the address's
 * fragment (an e-mail link or Google brings a session there) and no `code` in its query (Google's
 * sign-in with PKCE). A stricter form of the app's `mayHaveSession`, for the page's own script,
 * which imports nothing of the app. */
export function certainlySignedOut(): boolean {
  try {
    return localStorage.getItem('vekstlinje-auth-token') === null && !location.hash && !new URLSearchParams(location.search).has('code')
  } catch {
    return false
  }
}
