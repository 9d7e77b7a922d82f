// Realtime's Phoenix protocol on /realtime/v1/websocket: heartbeat, join with postgres_changes
// bindings, access_token updates, leave, and broadcast between sockets. Changes come from the
// database's change trigger; what each channel hears of them is decided as hosted Realtime
// decides it (realtime-changes.ts), with filters read and checked as it reads them
// (realtime-filter.ts).
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { type WebSocket, WebSocketServer } from 'ws'
import type { StackContext } from './context.ts'
import { type Claims, verify } from './jwt.ts'
import { type Binding, type Change, deliveries, readTableInfo, selectableColumns, type TableInfo } from './realtime-changes.ts'
import { checkConditions, parseFilters } from './realtime-filter.ts'

export const REALTIME_PATH = '/realtime/v1/websocket'

type Message = { joinRef: string | null; ref: string | null; topic: string; event: string; payload: Record<string, unknown> }

type Params = { id: number; event: string; schema: string; table: string | null; filter: string; select: unknown }

type Channel = {
  topic: string
  joinRef: string | null
  /** The postgres_changes bindings asked for at join, and those in force (checked for the role). */
  params: Params[]
  bindings: Binding[]
  claims: Claims
  accessToken: unknown
  broadcastSelf: boolean
}

/** Hosted Realtime's action filter: INSERT, UPDATE, DELETE, anything else is every event. */
const actionOf = (event: unknown) => {
  const upper = typeof event === 'string' ? event.toUpperCase() : ''
  return ['INSERT', 'UPDATE', 'DELETE'].includes(upper) ? upper : '*'
}

function bindingId(binding: { event: string; schema: string; table: string | null }, raw: string | undefined, select: string[] | null): number {
  // An integer per distinct binding, as hosted (which uses a hash) does.
  let hash = 2166136261
  for (const ch of `${binding.event}|${binding.schema}|${binding.table ?? '*'}|${raw ?? ''}|${select?.join(',') ?? ''}`) {
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
    const info = await readTableInfo(db, schema, table)
    if (info) tables.set(key, info)
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

  /** As hosted: the join is answered first; the postgres_changes subscriptions are made after
   * it, and a system message says whether they were (a bad filter or an unpublished table is
   * reported there, and the channel then hears of no change). */
  async function join(socket: WebSocket, message: Message, fallbackToken: string) {
    const payload = message.payload
    const config = (payload.config ?? {}) as Record<string, unknown>
    const auth = await claimsFor(payload.access_token ?? fallbackToken)
    if ('error' in auth) return reply(socket, message, 'error', { reason: auth.error })
    const requested = Array.isArray(config.postgres_changes) ? (config.postgres_changes as Record<string, unknown>[]).filter(Boolean) : []
    const params = requested.map((entry) => {
      const p = {
        event: actionOf(entry.event),
        schema: typeof entry.schema === 'string' && entry.schema ? entry.schema : 'public',
        table: typeof entry.table === 'string' && entry.table && entry.table !== '*' ? entry.table : null,
        filter: typeof entry.filter === 'string' ? entry.filter : '',
        select: entry.select,
      }
      return { ...p, id: bindingId(p, p.filter, Array.isArray(p.select) ? (p.select as string[]) : null) }
    })
    const broadcast = (config.broadcast ?? {}) as Record<string, unknown>
    const channel: Channel = {
      topic: message.topic,
      joinRef: message.joinRef,
      params,
      bindings: [],
      claims: auth.claims,
      accessToken: payload.access_token ?? fallbackToken,
      broadcastSelf: broadcast.self === true,
    }
    sockets.get(socket)?.channels.set(message.topic, channel)
    reply(socket, message, 'ok', { postgres_changes: requested.map((entry, i) => ({ ...entry, id: params[i]!.id })) })
    await subscribe(socket, channel)
  }

  /** Makes the channel's subscriptions for its role, and says in a system message whether it could. */
  async function subscribe(socket: WebSocket, channel: Channel) {
    if (channel.params.length === 0) return
    const bindings: Binding[] = []
    let failure: string | null = null
    for (const p of channel.params) {
      const checked = await checkBinding(p.schema, p.table, p.filter, p.select, channel.claims.role)
      if (typeof checked === 'string') {
        failure = checked
        break
      }
      bindings.push({ id: p.id, event: p.event, schema: p.schema, table: p.table, ...checked })
    }
    channel.bindings = failure === null ? bindings : []
    const system = { status: failure === null ? 'ok' : 'error', message: failure ?? 'Subscribed to PostgreSQL', extension: 'postgres_changes' }
    send(socket, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'system', payload: { ...system, channel: channel.topic.replace(/^realtime:/, '') } })
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
      // As hosted: a publishable key, the same token or none changes nothing; another token is
      // checked, and the subscriptions are made again with its claims.
      const token = message.payload.access_token
      if (token === null || token === undefined || token === channel.accessToken || (typeof token === 'string' && token.startsWith('sb_'))) return
      const auth = await claimsFor(token)
      if ('error' in auth) return closeChannel(socket, channel, auth.error)
      channel.claims = auth.claims
      channel.accessToken = token
      return subscribe(socket, channel)
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

  /** A binding's filter and column list, checked as hosted Realtime checks a new subscription:
   * the filter must parse, the table be in the supabase_realtime publication, every filter and
   * selected column be one the role may select, and every value cast to its column's type. */
  async function checkBinding(schema: string, table: string | null, rawFilter: string, select: unknown, role: string) {
    const conditions = parseFilters(rawFilter)
    if ('error' in conditions) return `Error parsing \`filter\` params: ${conditions.error}`
    if (select !== undefined && (!Array.isArray(select) || !select.every((c) => typeof c === 'string'))) {
      return 'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]'
    }
    const columns = Array.isArray(select) && select.length > 0 ? (select as string[]) : null
    if (columns && table === null) return 'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.'
    const where = `[schema: ${schema}, table: ${table ?? '*'}, filters: [${rawFilter}]]`
    const { rows } = await db.query<{ table: string }>(
      `select tablename as table from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = $1 and ($2::text is null or tablename = $2)`,
      [schema, table],
    )
    if (rows.length === 0) return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${where}`
    for (const { table: name } of rows) {
      const info = await tableInfo(schema, name)
      const selectable = await selectableColumns(db, role, schema, name)
      const problem = info ? await checkConditions(db, conditions, info.castTypes, selectable) : 'no such table'
      const unknown = columns?.find((c) => !selectable.has(c))
      const exception = problem ?? (unknown === undefined ? null : `invalid column for select ${unknown}`)
      if (exception) {
        return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${where}. Exception: ${exception}`
      }
    }
    return { conditions, select: columns }
  }

  async function deliver(change: Change) {
    const info = await tableInfo(change.schema, change.table)
    if (!info) return
    const now = Math.floor(Date.now() / 1000)
    for (const [socket, state] of sockets) {
      for (const channel of [...state.channels.values()]) {
        const bindings = channel.bindings.filter(
          (b) => b.schema === change.schema && (b.table === null || b.table === change.table) && (b.event === '*' || b.event === change.type),
        )
        if (bindings.length === 0) continue
        if (channel.claims.exp !== undefined && channel.claims.exp < now) {
          closeChannel(socket, channel, 'Token has expired')
          continue
        }
        for (const { ids, data } of await deliveries(db, change, info, channel.claims, bindings)) {
          send(socket, { joinRef: null, ref: null, topic: channel.topic, event: 'postgres_changes', payload: { ids, data } })
        }
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
