import { getSupabase } from './supabase'

/** A function's refusal: its English `error` as the message, and the `code` (with the `plan` it
 * names) of a refusal the site words in the visitor's language. */
export class FunctionRefusal extends Error {
  readonly code?: string
  readonly plan?: string
  constructor(answer: { error?: string; code?: string; plan?: string }, fallback: string) {
    super(answer.error ?? fallback)
    this.code = answer.code
    this.plan = answer.plan
  }
}

/** What a non-2xx answer of a function says: its JSON body, when it has one. */
export async function answerOf(error: unknown): Promise<unknown> {
  const context = (error as { context?: unknown }).context
  return context instanceof Response ? context.json().catch(() => null) : null
}

/** Calls one of the project's functions as the signed-in user (POST with a JSON body). A refusal
 * throws a FunctionRefusal carrying the function's own message and code. */
export async function invokeFunction<T>(name: string, body?: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.functions.invoke(name, { method: 'POST', ...(body ? { body } : {}), ...(signal ? { signal } : {}) })
  if (error) {
    const answer = (await answerOf(error)) as { error?: string; code?: string; plan?: string } | null
    throw new FunctionRefusal(answer ?? {}, error.message)
  }
  return data as T
}
