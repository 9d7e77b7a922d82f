import { fromPromise } from 'xstate'
import type { AccountExport } from '../../../../machines/account-data.machine'
import { getSupabase } from '../../../lib/supabase'

/** Calls one of the account functions as the signed-in user; a refusal's own message is kept. */
async function invokeAccountFunction<T>(name: string, body?: Record<string, unknown>): Promise<T> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.functions.invoke(name, { method: 'POST', ...(body ? { body } : {}) })
  if (error) {
    const context = (error as { context?: Response }).context
    const answer = context && typeof context.json === 'function' ? await context.json().catch(() => null) : null
    throw new Error((answer as { error?: string } | null)?.error ?? error.message)
  }
  return data as T
}

export const exportAccount = fromPromise<AccountExport>(() => invokeAccountFunction<AccountExport>('export-account'))

export const deleteAccount = fromPromise<void, { confirm: string }>(async ({ input }) => {
  await invokeAccountFunction('delete-account', { confirm: input.confirm })
})

/** Saves the export as a file, as a download link would. */
export function saveJsonFile(data: AccountExport) {
  const day = (typeof data.exported_at === 'string' ? data.exported_at : new Date().toISOString()).slice(0, 10)
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `vekstlinje-data-${day}.json`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
