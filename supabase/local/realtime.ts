// Realtime's Phoenix protocol on /realtime/v1/websocket: heartbeat, join with postgres_changes
// bindings, access_token updates, leave, and broadcast between sockets. Changes come from the
// database's change trigger; each is delivered to a channel only if a binding's filter matches
// and the channel's role may select the row under RLS. As hosted: deletes are not checked, and
// on tables with RLS the old record sent holds only the primary key.
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { type WebSocket, WebSocketServer } from 'ws'
import type { StackContext } from './context.ts'
import { type Claims, verify } from './jwt.ts'
import { ident as quoteIdent } from './rest-sql.ts'

export const REALTIME_PATH = '/realtime/v1/websocket'

type Message = { joinRef: string | null; ref: string | null; topic: string; event: string; payload: Record<string, unknown> }

type Filter = { column: string; op: string; negate: boolean; value: string }

type Binding = {
  id: number
  event: string
  schema: string
  table: string | null
  filter: Filter | null
}

type Channel = {
  topic: string
  joinRef: string | null
  bindings: Binding[]
  claims: Claims
  broadcastSelf: boolean
}

type Change = {
  schema: string
  table: string
  type: 'INSERT' | 'UPDATE' | 'DELETE'
  commit_timestamp: string
  record: Record<string, unknown> | null
  old_record: Record<string, unknown> | null
  errors?: string[]
}

type TableInfo = { columns: { name: string; type: string }[]; primaryKey: string[]; rls: boolean }

const FILTER = /^([^=]+)=(not\.)?(eq|neq|lt|lte|gt|gte|in|like|ilike|is)\.(.*)$/s

export function parseFilter(raw: string): Filter | null {
  const match = FILTER.exec(raw)
  if (!match) return null
  return { column: match[1]!, negate: Boolean(match[2]), op: match[3]!, value: match[4]! }
}

function likeToRegExp(pattern: string, flags: string): RegExp {
  const source = pattern
    .split(/([%*_])/)
    .map((part) => (part === '%' || part === '*' ? '.*' : part === '_' ? '.' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`, flags)
}

/** Evaluates a realtime filter against a row as it arrived from the database (JSON values). */
export function matches(filter: Filter, row: Record<string, unknown> | null): boolean {
  if (!row || !(filter.column in row)) return false
  const actual = row[filter.column]
  const text = actual === null ? null : typeof actual === 'object' ? JSON.stringify(actual) : String(actual)
  const numeric = (v: string) => (typeof actual === 'number' ? Number(v) : v)
  const compare = (v: string): number => {
    const expected = numeric(v)
    const value = typeof actual === 'number' ? actual : text
    if (value === null) return Number.NaN
    return value < expected ? -1 : value > expected ? 1 : 0
  }
  let result: boolean
  switch (filter.op) {
    case 'eq':
      result = text !== null && text === filter.value
      break
    case 'neq':
      result = text !== null && text !== filter.value
      break
    case 'lt':
      result = compare(filter.value) < 0
      break
    case 'lte':
      result = compare(filter.value) <= 0
      break
    case 'gt':
      result = compare(filter.value) > 0
      break
    case 'gte':
      result = compare(filter.value) >= 0
      break
    case 'in': {
      const list = /^\((.*)\)$/.exec(filter.value)?.[1] ?? ''
      result = text !== null && list.split(',').map((v) => v.trim().replace(/^"(.*)"$/, '$1')).includes(text)
      break
    }
    case 'like':
    case 'ilike':
      result = text !== null && likeToRegExp(filter.value, filter.op === 'ilike' ? 'i' : '').test(text)
      break
    default:
      result = filter.value === 'null' ? actual === null : String(actual) === filter.value
  }
  return filter.negate ? !result : result
}

function bindingId(binding: Omit<Binding, 'id'>, raw: string | undefined): number {
  // An integer per distinct binding, as hosted (which uses a hash) does.
  let hash = 2166136261
  for (const ch of `${binding.event}|${binding.schema}|${binding.table ?? '*'}|${raw ?? ''}`) {
    hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0
  }
  return hash % 100_000_000
}

export function attachRealtime(server: Server, ctx: StackContext): { close(): Promise<void> } {
  const { db, keys } = ctx
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  const sockets = new Map<WebSocket, { vsn: string; channels: Map<string, Channel> }>()
  const tables = new Map<string, TableInfo>()

  async function tableInfo(schema: string, table: string): Promise<TableInfo | null> {
    const key = `${schema}.${table}`
    const cached = tables.get(key)
    if (cached) return cached
    const { rows } = await db.query<{ name: string; type: string; pk: boolean; rls: boolean }>(
      `select a.attname as name, t.typname as type,
              coalesce(a.attnum = any (i.indkey), false) as pk, c.relrowsecurity as rls
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_type t on t.oid = a.atttypid
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
       where n.nspname = $1 and c.relname = $2 and a.attnum > 0 and not a.attisdropped
       order by a.attnum`,
      [schema, table],
    )
    if (rows.length === 0) return null
    const info = {
      columns: rows.map((r) => ({ name: r.name, type: r.type })),
      primaryKey: rows.filter((r) => r.pk).map((r) => r.name),
      rls: rows[0]!.rls,
    }
    tables.set(key, info)
    return info
  }

  function send(socket: WebSocket, message: Message) {
    const state = sockets.get(socket)
    if (!state || socket.readyState !== socket.OPEN) return
    const { joinRef, ref, topic, event, payload } = message
    socket.send(
      JSON.stringify(
        state.vsn === '1.0.0' ? { join_ref: joinRef, ref, topic, event, payload } : [joinRef, ref, topic, event, payload],
      ),
    )
  }

  function reply(socket: WebSocket, message: Message, status: 'ok' | 'error', response: Record<string, unknown>) {
    send(socket, { ...message, event: 'phx_reply', payload: { status, response } })
  }

  function closeChannel(socket: WebSocket, channel: Channel, reason: string) {
    send(socket, {
      joinRef: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload: { status: 'error', message: reason, extension: 'system', channel: channel.topic.replace(/^realtime:/, '') },
    })
    send(socket, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'phx_close', payload: {} })
    sockets.get(socket)?.channels.delete(channel.topic)
  }

  async function claimsFor(token: unknown): Promise<{ claims: Claims } | { error: string }> {
    if (typeof token !== 'string' || token === '') return { error: 'InvalidJWTToken: Missing access token' }
    const result = await verify(token, keys.jwtSecret)
    if (result.ok) return { claims: result.claims }
    return { error: result.expired ? 'InvalidJWTToken: Token has expired' : 'InvalidJWTToken: Invalid token' }
  }

  async function join(socket: WebSocket, message: Message, fallbackToken: string) {
    const payload = message.payload
    const config = (payload.config ?? {}) as Record<string, unknown>
    const auth = await claimsFor(payload.access_token ?? fallbackToken)
    if ('error' in auth) return reply(socket, message, 'error', { reason: auth.error })
    const requested = Array.isArray(config.postgres_changes) ? (config.postgres_changes as Record<string, unknown>[]) : []
    const bindings: Binding[] = []
    for (const entry of requested) {
      const event = typeof entry.event === 'string' ? entry.event.toUpperCase() : ''
      const schema = typeof entry.schema === 'string' && entry.schema ? entry.schema : 'public'
      const table = typeof entry.table === 'string' && entry.table && entry.table !== '*' ? entry.table : null
      const rawFilter = typeof entry.filter === 'string' && entry.filter ? entry.filter : undefined
      const filter = rawFilter ? parseFilter(rawFilter) : null
      const info = table ? await tableInfo(schema, table) : null
      const valid =
        ['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event) &&
        (table === null || info !== null) &&
        (rawFilter === undefined || (filter !== null && table !== null && info!.columns.some((c) => c.name === filter.column)))
      if (!valid) {
        const reason = `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${entry.event}, schema: ${schema}, table: ${entry.table ?? '*'}, filters: [${rawFilter ?? ''}]]`
        return reply(socket, message, 'error', { reason })
      }
      const binding = { event, schema, table, filter }
      bindings.push({ ...binding, id: bindingId(binding, rawFilter) })
    }
    const broadcast = (config.broadcast ?? {}) as Record<string, unknown>
    sockets.get(socket)?.channels.set(message.topic, {
      topic: message.topic,
      joinRef: message.joinRef,
      bindings,
      claims: auth.claims,
      broadcastSelf: broadcast.self === true,
    })
    reply(socket, message, 'ok', {
      postgres_changes: requested.map((entry, i) => ({ ...entry, id: bindings[i]!.id })),
    })
    if (bindings.length > 0) {
      send(socket, {
        joinRef: message.joinRef,
        ref: null,
        topic: message.topic,
        event: 'system',
        payload: {
          status: 'ok',
          message: 'Subscribed to PostgreSQL',
          extension: 'postgres_changes',
          channel: message.topic.replace(/^realtime:/, ''),
        },
      })
    }
  }

  async function handle(socket: WebSocket, message: Message, fallbackToken: string) {
    const channels = sockets.get(socket)?.channels
    if (!channels) return
    if (message.topic === 'phoenix' && message.event === 'heartbeat') return reply(socket, message, 'ok', {})
    if (message.event === 'phx_join') return join(socket, message, fallbackToken)
    const channel = channels.get(message.topic)
    if (message.event === 'phx_leave') {
      reply(socket, message, 'ok', {})
      if (channel) {
        send(socket, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'phx_close', payload: {} })
        channels.delete(message.topic)
      }
      return
    }
    if (!channel) return reply(socket, message, 'error', { reason: 'unmatched topic' })
    if (message.event === 'access_token') {
      const auth = await claimsFor(message.payload.access_token)
      if ('error' in auth) return closeChannel(socket, channel, auth.error)
      channel.claims = auth.claims
      return
    }
    if (message.event === 'broadcast') {
      for (const [other, state] of sockets) {
        if (other === socket && !channel.broadcastSelf) continue
        const target = state.channels.get(message.topic)
        if (target) send(other, { ...message, joinRef: target.joinRef, ref: null })
      }
      return reply(socket, message, 'ok', {})
    }
    reply(socket, message, 'ok', {})
  }

  /** May this channel's role select the row now, under RLS? */
  async function visible(change: Change, info: TableInfo, claims: Claims): Promise<boolean> {
    const record = change.record ?? {}
    if (info.primaryKey.length === 0 || !info.primaryKey.every((k) => k in record)) return false
    try {
      return await db.transaction(async (tx) => {
        await tx.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                  set_config('search_path', 'public', true)`,
          [claims.role, JSON.stringify(claims)],
        )
        const where = info.primaryKey.map((k, i) => `${quoteIdent(k)}::text = $${i + 1}`).join(' and ')
        const { rows } = await tx.query(
          `select 1 from ${quoteIdent(change.schema)}.${quoteIdent(change.table)} where ${where}`,
          info.primaryKey.map((k) => {
            const v = record[k]
            return typeof v === 'object' ? JSON.stringify(v) : String(v)
          }),
        )
        return rows.length > 0
      })
    } catch {
      return false // e.g. no select privilege for this role
    }
  }

  async function deliver(change: Change) {
    const info = await tableInfo(change.schema, change.table)
    if (!info) return
    // Filters see the whole old row; subscribers of a table with RLS get only its primary key.
    const oldRecord =
      info.rls && change.old_record
        ? Object.fromEntries(Object.entries(change.old_record).filter(([k]) => info.primaryKey.includes(k)))
        : (change.old_record ?? {})
    const now = Math.floor(Date.now() / 1000)
    for (const [socket, state] of sockets) {
      for (const channel of [...state.channels.values()]) {
        // As hosted Realtime: deletes are not filterable. A delete goes to every binding of its
        // table and event whatever its filter (with only the primary key when RLS is on), so a
        // filter on someone else's column cannot tell which of their rows went away.
        const ids = channel.bindings
          .filter(
            (b) =>
              b.schema === change.schema &&
              (b.table === null || b.table === change.table) &&
              (b.event === '*' || b.event === change.type) &&
              (b.filter === null || change.type === 'DELETE' || matches(b.filter, change.record)),
          )
          .map((b) => b.id)
        if (ids.length === 0) continue
        if (channel.claims.exp !== undefined && channel.claims.exp < now) {
          closeChannel(socket, channel, 'Token has expired')
          continue
        }
        if (change.type !== 'DELETE' && !(await visible(change, info, channel.claims))) continue
        send(socket, {
          joinRef: null,
          ref: null,
          topic: channel.topic,
          event: 'postgres_changes',
          payload: {
            ids,
            data: {
              schema: change.schema,
              table: change.table,
              commit_timestamp: change.commit_timestamp,
              type: change.type,
              errors: change.errors ?? null,
              columns: info.columns,
              ...(change.type !== 'DELETE' ? { record: change.record } : {}),
              ...(change.type !== 'INSERT' ? { old_record: oldRecord } : {}),
            },
          },
        })
      }
    }
  }

  // Deliver in commit order, one change at a time.
  let queue = Promise.resolve()
  const unlisten = db.listen('local_stack_realtime', (payload) => {
    queue = queue
      .then(() => deliver(JSON.parse(payload) as Change))
      .catch((error) => console.error('[local stack] realtime delivery failed', error))
  })

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname !== REALTIME_PATH && url.pathname !== `${REALTIME_PATH}/`) return
    const apikey = url.searchParams.get('apikey') ?? req.headers.apikey
    void (async () => {
      const result = typeof apikey === 'string' ? await verify(apikey, keys.jwtSecret) : null
      if (!result?.ok) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{"message":"Invalid API key"}')
        return
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const vsn = url.searchParams.get('vsn') ?? '1.0.0'
        sockets.set(ws, { vsn, channels: new Map() })
        ws.on('close', () => sockets.delete(ws))
        ws.on('message', (data, isBinary) => {
          if (isBinary) return // binary frames carry user broadcasts only; not supported here
          let message: Message
          try {
            const parsed = JSON.parse(data.toString())
            const [joinRef, ref, topic, event, payload] = Array.isArray(parsed)
              ? parsed
              : [parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload]
            if (typeof topic !== 'string' || typeof event !== 'string') throw new Error('bad frame')
            message = { joinRef: joinRef ?? null, ref: ref ?? null, topic, event, payload: payload ?? {} }
          } catch {
            ws.close(1003, 'malformed message')
            return
          }
          handle(ws, message, apikey as string).catch((error) => console.error('[local stack] realtime error', error))
        })
      })
    })()
  }
  server.on('upgrade', onUpgrade)

  return {
    async close() {
      server.off('upgrade', onUpgrade)
      for (const socket of sockets.keys()) socket.terminate()
      wss.close()
      await (await unlisten)()
      await queue
    },
  }
}
