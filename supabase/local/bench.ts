// npm run bench:stack — cold start, then median and p95 over 200 runs, all on loopback, with the
// real supabase-js client: password sign-in, the dashboard's subscriptions select, and a realtime
// round trip (a service-role write → the change event at the subscriber).
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { paidPlans } from '../functions/_shared/plans.ts'
import { startStack } from './stack.ts'

const RUNS = 200

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
  return { median: at(0.5), p95: at(0.95) }
}

async function measure(run: (i: number) => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await run(i) // warm-up
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await run(i)
    samples.push(performance.now() - started)
  }
  return samples
}

const startedAt = performance.now()
const stack = await startStack({
  port: 0,
  dataDir: null,
  quiet: true,
  auth: { autoconfirm: true, signInSignUps: 100_000, tokenRefresh: 100_000, rateLimitBurst: 100_000 },
})
const coldStart = performance.now() - startedAt

const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } }
const user = createClient(stack.url, stack.anonKey, options)
const service = createClient(stack.url, stack.serviceRoleKey, options)
const email = 'bench@example.com'
const password = 'bench-password-1'
const { data, error } = await user.auth.signUp({ email, password, options: { data: { full_name: 'Bench' } } })
if (error || !data.user) throw error ?? new Error('sign-up failed')
const userId = data.user.id
const inserted = await service
  .from('subscriptions')
  .insert({ user_id: userId, product_name: paidPlans[0]!.id, status: 'active' })
  .select('id')
  .single()
if (inserted.error) throw inserted.error

const signIn = await measure(async () => {
  const res = await user.auth.signInWithPassword({ email, password })
  if (res.error) throw res.error
})

const select = await measure(async () => {
  const res = await user.from('subscriptions').select('*').eq('user_id', userId)
  if (res.error || res.data.length !== 1) throw res.error ?? new Error('unexpected rows')
})

let waiting: (() => void) | undefined
const channel = user
  .channel('bench')
  .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'subscriptions', filter: `user_id=eq.${userId}` }, () =>
    waiting?.(),
  )
await new Promise<void>((resolve, reject) =>
  channel.subscribe((status) => (status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(new Error(status)))),
)
const roundTrip = await measure(async (i) => {
  const event = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no realtime event within 5 s')), 5000)
    waiting = () => {
      clearTimeout(timer)
      resolve()
    }
  })
  const res = await service
    .from('subscriptions')
    .update({ status: i % 2 ? 'active' : 'past_due' })
    .eq('id', inserted.data.id)
  if (res.error) throw res.error
  await event
})

await user.removeAllChannels()
await stack.stop()

const fmt = (n: number) => `${n.toFixed(1)} ms`.padStart(10)
console.log(`Local stack benchmark (loopback, ${RUNS} runs each after 5 warm-up runs)\n`)
console.log(`  cold start (in-memory, from the cached template): ${coldStart.toFixed(0)} ms\n`)
console.log(`  ${'operation'.padEnd(40)}${'median'.padStart(10)}${'p95'.padStart(10)}`)
for (const [name, samples] of [
  ['password sign-in (bcrypt cost 10)', signIn],
  ['subscriptions select (RLS, user JWT)', select],
  ['realtime round trip (write → event)', roundTrip],
] as const) {
  const { median, p95 } = stats(samples)
  console.log(`  ${name.padEnd(40)}${fmt(median)}${fmt(p95)}`)
}
process.exit(0)
