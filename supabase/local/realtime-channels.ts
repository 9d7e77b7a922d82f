// Realtime's channels on one socket, as hosted Realtime handles them: heartbeat, join with
// postgres_changes bindings (checked for the role, realtime-filter.ts), access_token updates,
// leave, and broadcast between sockets. The socket server and the delivery of changes are in
// realtime.ts.
import type { WebSocket } from 'ws'
import type { StackContext } from './context.ts'
import { type Claims, verify } from './jwt.ts'
import { type Binding, selectableColumns, type TableInfo } from './realtime-changes.ts'
import { checkConditions, parseFilters } from './realtime-filter.ts'

export type Message = { joinRef: string | null; ref: string | null; topic: string; event: string; payload: Record<string, unknown> }

type Params = { id: number; event: string; schema: string; table: string | null; filter: string; select: unknown }

export type Channel = {
  topic: string
  joinRef: string | null
  /** The postgres_changes bindings asked for at join, and those in force (checked for the role). */
  params: Params[]
  bindings: Binding[]
  claims: Claims
  accessToken: unknown
  broadcastSelf: boolean
}

/** What the sockets of one stack share: its context, every open socket with its protocol version
 * and channels, and the tables' column information (read once per table). */
export type Hub = {
  ctx: StackContext
  sockets: Map<WebSocket, { vsn: string; channels: Map<string, Channel> }>
  tableInfo(schema: string, table: string): Promise<TableInfo | null>
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

/** A message in the socket's protocol version: an object (1.0.0) or an array (2.0.0). */
export function send(hub: Hub, socket: WebSocket, message: Message) {
  const state = hub.sockets.get(socket)
  if (!state || socket.readyState !== socket.OPEN) return
  const { joinRef, ref, topic, event, payload } = message
  socket.send(
    JSON.stringify(
      state.vsn === '1.0.0' ? { join_ref: joinRef, ref, topic, event, payload } : [joinRef, ref, topic, event, payload],
    ),
  )
}

function reply(hub: Hub, socket: WebSocket, message: Message, status: 'ok' | 'error', response: Record<string, unknown>) {
  send(hub, socket, { ...message, event: 'phx_reply', payload: { status, response } })
}

export function closeChannel(hub: Hub, socket: WebSocket, channel: Channel, reason: string) {
  send(hub, socket, {
    joinRef: channel.joinRef,
    ref: null,
    topic: channel.topic,
    event: 'system',
    payload: { status: 'error', message: reason, extension: 'system', channel: channel.topic.replace(/^realtime:/, '') },
  })
  send(hub, socket, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'phx_close', payload: {} })
  hub.sockets.get(socket)?.channels.delete(channel.topic)
}

async function claimsFor(hub: Hub, token: unknown): Promise<{ claims: Claims } | { error: string }> {
  if (typeof token !== 'string' || token === '') return { error: 'InvalidJWTToken: Missing access token' }
  const result = await verify(token, hub.ctx.keys.jwtSecret)
  if (result.ok) return { claims: result.claims }
  return { error: result.expired ? 'InvalidJWTToken: Token has expired' : 'InvalidJWTToken: Invalid token' }
}

/** A binding's filter and column list, checked as hosted Realtime checks a new subscription:
 * the filter must parse, the table be in the supabase_realtime publication, every filter and
 * selected column be one the role may select, and every value cast to its column's type. */
async function checkBinding(hub: Hub, schema: string, table: string | null, rawFilter: string, select: unknown, role: string) {
  const { db } = hub.ctx
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
    const info = await hub.tableInfo(schema, name)
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

/** Makes the channel's subscriptions for its role, and says in a system message whether it could. */
async function subscribe(hub: Hub, socket: WebSocket, channel: Channel) {
  if (channel.params.length === 0) return
  const bindings: Binding[] = []
  let failure: string | null = null
  for (const p of channel.params) {
    const checked = await checkBinding(hub, p.schema, p.table, p.filter, p.select, channel.claims.role)
    if (typeof checked === 'string') {
      failure = checked
      break
    }
    bindings.push({ id: p.id, event: p.event, schema: p.schema, table: p.table, ...checked })
  }
  channel.bindings = failure === null ? bindings : []
  const system = { status: failure === null ? 'ok' : 'error', message: failure ?? 'Subscribed to PostgreSQL', extension: 'postgres_changes' }
  send(hub, socket, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'system', payload: { ...system, channel: channel.topic.replace(/^realtime:/, '') } })
}

/** As hosted: the join is answered first; the postgres_changes subscriptions are made after
 * it, and a system message says whether they were (a bad filter or an unpublished table is
 * reported there, and the channel then hears of no change). */
async function join(hub: Hub, socket: WebSocket, message: Message, fallbackToken: string) {
  const payload = message.payload
  const config = (payload.config ?? {}) as Record<string, unknown>
  const auth = await claimsFor(hub, payload.access_token ?? fallbackToken)
  if ('error' in auth) return reply(hub, socket, message, 'error', { reason: auth.error })
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
  hub.sockets.get(socket)?.channels.set(message.topic, channel)
  reply(hub, socket, message, 'ok', { postgres_changes: requested.map((entry, i) => ({ ...entry, id: params[i]!.id })) })
  await subscribe(hub, socket, channel)
}

/** As hosted: a publishable key, the same token or none changes nothing; another token is
 * checked, and the subscriptions are made again with its claims. */
async function updateToken(hub: Hub, socket: WebSocket, channel: Channel, token: unknown) {
  if (token === null || token === undefined || token === channel.accessToken || (typeof token === 'string' && token.startsWith('sb_'))) return
  const auth = await claimsFor(hub, token)
  if ('error' in auth) return closeChannel(hub, socket, channel, auth.error)
  channel.claims = auth.claims
  channel.accessToken = token
  return subscribe(hub, socket, channel)
}

/** One message a socket sent. */
export async function handleMessage(hub: Hub, socket: WebSocket, message: Message, fallbackToken: string) {
  const channels = hub.sockets.get(socket)?.channels
  if (!channels) return
  if (message.topic === 'phoenix' && message.event === 'heartbeat') return reply(hub, socket, message, 'ok', {})
  if (message.event === 'phx_join') return join(hub, socket, message, fallbackToken)
  const channel = channels.get(message.topic)
  if (message.event === 'phx_leave') {
    reply(hub, socket, message, 'ok', {})
    if (channel) {
      send(hub, socket, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'phx_close', payload: {} })
      channels.delete(message.topic)
    }
    return
  }
  if (!channel) return reply(hub, socket, message, 'error', { reason: 'unmatched topic' })
  if (message.event === 'access_token') return updateToken(hub, socket, channel, message.payload.access_token)
  if (message.event === 'broadcast') {
    for (const [other, state] of hub.sockets) {
      if (other === socket && !channel.broadcastSelf) continue
      const target = state.channels.get(message.topic)
      if (target) send(hub, other, { ...message, joinRef: target.joinRef, ref: null })
    }
    return reply(hub, socket, message, 'ok', {})
  }
  reply(hub, socket, message, 'ok', {})
}
