// A scripted backend for running a function's handler in-process: fetch is stubbed, every request
// is recorded, and each is answered by the first route that answers it. An unscripted request
// fails the test.
import { vi } from 'vitest'
import type { PaymentProvider } from '../../supabase/functions/_shared/payment-provider.ts'

export type Call = { method: string; path: string; body: unknown; headers: Record<string, string> }
export type Route = (call: Call) => Response | undefined

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A route answering requests of one method whose path (with its decoded query) matches. */
export function on(method: string, pattern: RegExp, answer: (call: Call) => Response): Route {
  return (call) => (call.method === method && pattern.test(call.path) ? answer(call) : undefined)
}

/** Stubs fetch with the routes `routes()` gives at each request; `record` sees every call. */
export function stubFetch(routes: () => Route[], record: (call: Call) => void): void {
  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input))
    const call = {
      method: init.method ?? 'GET',
      path: decodeURIComponent(url.pathname + url.search),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: Object.fromEntries(new Headers(init.headers)),
    }
    record(call)
    for (const route of routes()) {
      const answer = route(call)
      if (answer) return answer
    }
    throw new Error(`unscripted request ${call.method} ${call.path}`)
  })
}

/** Questions about the calls recorded so far (`calls()` is read at each question): those of a
 * method under a path prefix, the bodies of a PostgREST RPC, the readings apply_subscription_snapshot got. */
export function recordedCalls(calls: () => Call[]) {
  const made = (method: string, prefix: string) => calls().filter((c) => c.method === method && c.path.startsWith(prefix))
  const rpcs = (fn: string) => made('POST', `/rest/v1/rpc/${fn}`).map((c) => c.body)
  const applied = () => rpcs('apply_subscription_snapshot') as Array<{ snapshot: Record<string, unknown>; version: number }>
  return { made, rpcs, applied }
}

/** Undoes the stubs, spies and fake clock a test set up. */
export function undoStubs(): void {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.useRealTimers()
}

/** An in-memory payment provider: what a test gives (`own`), and otherwise a provider with nothing
 * in it (a refund, which no such test expects, fails it). */
export function providerStub(own: Partial<PaymentProvider>): PaymentProvider {
  return {
    kind: 'local',
    retrieveSubscription: async () => null,
    retrieveInvoice: async () => null,
    retrieveCustomer: async () => null,
    setSubscriptionPaymentMethod: async () => {},
    payInvoice: async () => 'paid',
    refundAndCancel: async (id) => {
      throw new Error(`unexpected refund of ${id}`)
    },
    cancelNow: async () => {},
    expireOpenCheckouts: async () => {},
    ensureCustomer: async () => 'cus_1',
    updateCustomerEmail: async () => true,
    createPortalSession: async () => 'http://portal.test',
    listSubscriptions: async function* () {},
    missingSettings: async () => [],
    undeliveredEvents: async function* () {},
    ...own,
  }
}
