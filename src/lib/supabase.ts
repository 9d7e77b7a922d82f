import type { SupabaseClient } from '@supabase/supabase-js'

// The app's one Supabase client, created on first use: supabase-js is loaded by a dynamic import,
// so public pages download it only when the visitor does something that needs the backend.
// The project is set at build time (VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY), for a hosted
// project or the local stack alike.
let client: Promise<SupabaseClient> | undefined

/** Where the browser keeps the session (local storage): named here so that signing out can drop
 * it at once, before any request. */
export const AUTH_STORAGE_KEY = 'vekstlinje-auth-token'

/** A session without the provider's tokens (`provider_token`, `provider_refresh_token`). A Google
 * or LinkedIn sign-in hands them over with the session, but the product never calls either, so they
 * are not kept: not in the browser's storage, not in the app's memory. */
export function withoutProviderTokens<T>(session: T): T {
  if (!session || typeof session !== 'object' || !('provider_token' in session || 'provider_refresh_token' in session)) return session
  const { provider_token: _token, provider_refresh_token: _refresh, ...kept } = session as Record<string, unknown>
  return kept as T
}

/** Local storage, except that the session is stored without the provider's tokens (exported for its test). */
export const sessionStore = {
  getItem: (key: string) => localStorage.getItem(key),
  setItem: (key: string, value: string) => {
    if (key !== AUTH_STORAGE_KEY) return localStorage.setItem(key, value)
    let stored = value
    try {
      stored = JSON.stringify(withoutProviderTokens(JSON.parse(value) as unknown))
    } catch {
      // not JSON: stored as it is
    }
    localStorage.setItem(key, stored)
  },
  removeItem: (key: string) => localStorage.removeItem(key),
}

export function getSupabase(): Promise<SupabaseClient> {
  client ??= (async () => {
    const url = import.meta.env.VITE_SUPABASE_URL as string | undefined
    const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined
    if (!url || !anonKey) throw new Error('Supabase is not configured: set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY')
    const { createClient } = await import('@supabase/supabase-js')
    return createClient(url, anonKey, { auth: { storageKey: AUTH_STORAGE_KEY, storage: sessionStore } })
  })()
  // A failed load (offline, not configured) is not cached: the next call tries again.
  client.catch(() => {
    client = undefined
  })
  return client
}

/** A client of its own that keeps nothing (memory only, no renewal, no URL reading): to check a
 * password by signing in once more, without touching the app's session. */
export async function createScratchClient(): Promise<SupabaseClient> {
  const url = import.meta.env.VITE_SUPABASE_URL as string | undefined
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined
  if (!url || !anonKey) throw new Error('Supabase is not configured: set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY')
  const { createClient } = await import('@supabase/supabase-js')
  return createClient(url, anonKey, {
    auth: { storageKey: 'vekstlinje-password-check', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
}
