import type { Subscription } from '../../machines/subscriptions.machine'
import { getSupabase } from './supabase'

/** A user's subscription rows, as row-level security lets the signed-in user read them. */
export async function readSubscriptions(userId: string, signal?: AbortSignal): Promise<Subscription[]> {
  const supabase = await getSupabase()
  const query = supabase.from('subscriptions').select('*').eq('user_id', userId)
  const { data, error } = await (signal ? query.abortSignal(signal) : query)
  if (error) throw error
  return data as Subscription[]
}
