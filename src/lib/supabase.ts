import type { SupabaseClient } from '@supabase/supabase-js'

// The app's one Supabase client, created on first use: supabase-js is loaded by a dynamic import,
// so public pages download it only when the visitor does something that needs the backend.
// The project is set at build time (VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY), for a hosted
// project or the local stack alike.
let client: Promise<SupabaseClient> | undefined

/** Where the browser keeps the session (local storage): named here so that signing out can drop
 * it at once, before any request. */
export const AUTH_STORAGE_KEY = 'vekstlinje-auth-token'

export function getSupabase(): Promise<SupabaseClient> {
  client ??= (async () => {
    const url = import.meta.env.VITE_SUPABASE_URL as string | undefined
    const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined
    if (!url || !anonKey) throw new Error('Supabase is not configured: set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY')
    const { createClient } = await import('@supabase/supabase-js')
    return createClient(url, anonKey, { auth: { storageKey: AUTH_STORAGE_KEY } })
  })()
  // A failed load (offline, not configured) is not cached: the next call tries again.
  client.catch(() => {
    client = undefined
  })
  return client
}
