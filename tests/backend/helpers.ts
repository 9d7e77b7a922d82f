// Shared by the backend tests: the stack's test kit (supabase/local/tests/helpers.ts: a stack per
// test file, supabase-js clients as the app makes them, the mailbox), with the stack's functions in
// this run's runtime, and what the tests of the functions share.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect } from 'vitest'
import { client, type LocalStack, type StackOptions, STARTUP_TIMEOUT, startTestStack as startKitStack } from '../../supabase/local/tests/helpers.ts'
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts'
import { RUNTIME, runtimeHandlers } from './function-runtime.ts'

export {
  TEST_BUYER,
  askEmailChange,
  client,
  codeOf,
  confirmedUser,
  follow,
  fragment,
  type LocalStack,
  linkOf,
  type MailJson,
  MemoryStorage,
  mails,
  SITE,
  STARTUP_TIMEOUT,
  STORAGE_KEY,
  serviceClient,
  uniqueEmail,
  verifyLinkOf,
  withBotCheck,
  within,
} from '../../supabase/local/tests/helpers.ts'

/** The kit's stack (in memory, on a free port, quick bcrypt, the limits lifted; see there). In a
 * Deno run (FUNCTIONS_RUNTIME=deno) it mounts the functions as Deno serves them. */
export async function startTestStack(options: StackOptions = {}): Promise<LocalStack> {
  const handlers = RUNTIME === 'deno' && !options.functionsDir ? await runtimeHandlers() : undefined
  return startKitStack({ ...(handlers ? { handlers } : {}), ...options })
}

/** A code typed on the site: redeemed for the link's token (redeem_email_code), then verified as the link would be. */
export async function verifyCode(stack: LocalStack, sb: SupabaseClient, email: string, code: string, type: 'signup' | 'recovery') {
  const { data, error } = await client(stack).rpc('redeem_email_code', { p_email: email, p_kind: type, p_code: code })
  if (error) throw error
  const tokenHash = (data as { token_hash?: string }).token_hash
  if (!tokenHash) return { data: { session: null, user: null }, error: { code: 'otp_expired', reason: (data as { error: string }).error } }
  return sb.auth.verifyOtp({ token_hash: tokenHash, type })
}

/** The error a function answered, as the app reads it from supabase-js (`error.context`). */
export async function functionError(sb: SupabaseClient, name: string, body: unknown) {
  const { data, error } = await sb.functions.invoke(name, { body: body as Record<string, unknown> })
  expect(data).toBeNull()
  const response = (error as { context: Response }).context
  return { status: response.status, body: await response.json() }
}

/** A signed-in function refuses a request without a user's session: none at all through
 * supabase-js, and to the handler no token, the anon or service key, or something not a JWT. */
export async function expectNotSignedIn(stack: LocalStack, name: string, body: unknown, call: (token: string | undefined) => Promise<Response>) {
  expect(await functionError(client(stack), name, body)).toEqual({ status: 401, body: { error: 'Not signed in' } })
  for (const token of [undefined, stack.anonKey, stack.serviceRoleKey, 'not-a-jwt']) {
    const res = await call(token)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Not signed in' })
  }
}

/** A stack (with `options`) and a fake Stripe API for a test file: started before its tests,
 * stopped after them. With `stripeForFunctions`, the stack's functions take the production branch
 * against the fake (STRIPE_SECRET_KEY and the SDK's host set). */
export function stackAndStripe(options: StackOptions = {}, { stripeForFunctions = false } = {}): { stack: LocalStack; stripe: FakeStripe } {
  const running = {} as { stack: LocalStack; stripe: FakeStripe }
  beforeAll(async () => {
    running.stripe = await startFakeStripe()
    running.stack = await startTestStack(stripeForFunctions ? { ...options, env: { ...options.env, ...running.stripe.env() } } : options)
  }, STARTUP_TIMEOUT)
  afterAll(() => Promise.all([running.stack.stop(), running.stripe.close()]))
  return running
}
