// For concurrency tests on the stack's PostgreSQL server (startTestStack({ database: 'postgres' })):
// lines transactions up where a race would hurt, instead of hoping that timing brings them there.
import type { LocalStack } from './helpers.ts'

export type Barrier = {
  /** Resolves once `count` statements wait for a lock (this barrier's, or one they hold among them). */
  waiting(count: number): Promise<void>
  /** Lets everything go on. */
  release(): Promise<void>
}

/**
 * Holds `lock table <table> in share mode` in a transaction of its own: reads of the table go on,
 * every insert, update or delete of it waits. Concurrent transactions thus all pass their checks
 * and stop right before their first write, the moment at which a missing lock of theirs would let
 * them decide on the same stale reading.
 */
export async function holdWrites(stack: LocalStack, table: string): Promise<Barrier> {
  let release = () => {}
  const released = new Promise<void>((go) => (release = go))
  let locked = () => {}
  const isLocked = new Promise<void>((go) => (locked = go))
  const held = stack.db.transaction(async (tx) => {
    await tx.query(`lock table ${table} in share mode`)
    locked()
    await released
  })
  await Promise.race([isLocked, held])
  return {
    async waiting(count) {
      for (let round = 0; ; round += 1) {
        const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from pg_locks where not granted')
        if (rows[0]!.n >= count) return
        if (round > 2000) throw new Error(`${rows[0]!.n} statements wait for a lock, not ${count}`)
        await new Promise((next) => setTimeout(next, 5))
      }
    },
    async release() {
      release()
      await held
    },
  }
}
