import { fromPromise } from 'xstate'
import type { DemoRequestBody, DemoResponse } from '../../../supabase/functions/_shared/demo-request'
import { answerOf } from '../../lib/functions'
import { getSupabase } from '../../lib/supabase'

const isResponse = (value: unknown): value is DemoResponse =>
  typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean'

/** Invokes the send-demo-request function. An answer from the function (even `ok: false`, as with
 * 400 or 429) resolves; no answer at all (offline, a gateway error) rejects. */
export const sendDemoRequest = fromPromise<DemoResponse, DemoRequestBody>(async ({ input, signal }) => {
  const supabase = await getSupabase()
  const { data, error } = await supabase.functions.invoke<DemoResponse>('send-demo-request', { body: input, signal })
  if (!error) {
    if (isResponse(data)) return data
    throw new Error('send-demo-request answered without an ok flag')
  }
  // A non-2xx answer carries the unread Response: read the function's own { ok: false, error }.
  const body = await answerOf(error)
  if (isResponse(body)) return body
  throw error
})
