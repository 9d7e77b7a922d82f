// The payment ledger without a mail provider: a failed renewal attempt claims no mail, the reading is
// still written, and the missing secret is logged once per instance of the function. In a module
// graph of its own (vite.config.ts, ownGraphTests): the "logged once" is the module's state.
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts'
import { processEvent } from '../../supabase/functions/_shared/payment-ledger.ts'
import type { PaymentProvider } from '../../supabase/functions/_shared/payment-provider.ts'
import { type Call, json, on, stubFetch, undoStubs } from './scripted-backend.ts'

const env: FunctionEnv = { SUPABASE_URL: 'http://stack.test', SUPABASE_SERVICE_ROLE_KEY: 'service', STRIPE_PRICE_PRO: 'price_pro', BREVO_API_KEY: ' ' }

/** The provider's answers this test needs: a past-due subscription and its open invoice. */
const provider = {
  retrieveSubscription: async (id: string) => ({ id, customer: 'cus_1', status: 'past_due', metadata: { user_id: '0f8fad5b-d9cb-469f-a165-70867728950e' }, items: { data: [{ price: { id: 'price_pro' } }] }, latest_invoice: 'in_1' }),
  retrieveInvoice: async (id: string) => ({ id, status: 'open', attempt_count: 1, payment: null }),
} as unknown as PaymentProvider

let calls: Call[]
let logged: unknown[][]
let version = 0
beforeEach(() => {
  calls = []
  logged = []
  vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args))
  stubFetch(
    () => [
      on('POST', /^\/rest\/v1\/rpc\/(record_payment_event|next_subscription_version)$/, () => json(200, ++version)),
      on('POST', /^\/rest\/v1\/rpc\/(apply_subscription_snapshot)$/, () => json(200, { result: 'applied' })),
      on('POST', /^\/rest\/v1\/rpc\/record_invoice$/, () => json(200, null)),
    ],
    (call) => void calls.push(call),
  )
})
afterEach(undoStubs)

const failed = (attempt: number) => ({
  id: `evt_${attempt}`,
  type: 'invoice.payment_failed',
  created: 1_800_000_000,
  data: { object: { id: 'in_1', attempt_count: attempt, parent: { subscription_details: { subscription: 'sub_1' } } } },
})

it('no mail provider configured: nothing claimed, the missing secret logged once, the reading still written', async () => {
  const secretLine = expect.stringMatching(/^\[stripe-webhook\] not configured: missing BREVO_API_KEY/)
  expect((await processEvent(env, provider, failed(1))).result).toBe('applied')
  expect(logged.map((line) => String(line[0]))).toEqual([secretLine])
  expect((await processEvent(env, provider, failed(2))).result).toBe('applied')
  expect(calls.filter((c) => c.path.includes('claim_payment_mail'))).toEqual([])
  expect(calls.filter((c) => c.path.endsWith('apply_subscription_snapshot'))).toHaveLength(2)
  expect(logged.map((line) => String(line[0]))).toEqual([secretLine])
})
