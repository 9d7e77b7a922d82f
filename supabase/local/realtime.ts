// Realtime's Phoenix protocol on /realtime/v1/websocket: the socket server (an API key to
// connect, the frames of protocol 1.0.0 and 2.0.0) and the delivery of changes. Changes come from
// the database's change trigger; what each channel hears of them is decided as hosted Realtime
// decides it (realtime-changes.ts). The channels themselves (join, leave, tokens, broadcast) are
// handled in realtime-channels.ts.
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { type RawData, type WebSocket, WebSocketServer } from 'ws'
import type { StackContext } from './context.ts'
import { verify } from './jwt.ts'
import { type Change, deliveries, readTableInfo, type TableInfo } from './realtime-changes.ts'
import { closeChannel, type Hub, handleMessage, type Message, send } from './realtime-channels.ts'

export const REALTIME_PATH = '/realtime/v1/websocket'

/** A text frame as a message (either protocol version), or null when it is not one. */
function parseFrame(data: RawData): Message | null {
  try {
    const parsed = JSON.parse(data.toString())
    const [joinRef, ref, topic, event, payload] = Array.isArray(parsed)
      ? parsed
      : [parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload]
    if (typeof topic !== 'string' || typeof event !== 'string') return null
    return { joinRef: joinRef ?? null, ref: ref ?? null, topic, event, payload: payload ?? {} }
  } catch {
    return null
  }
}

/** A change to every channel whose bindings and role let it hear of it. */
async function deliver(hub: Hub, change: Change) {
  const info = await hub.tableInfo(change.schema, change.table)
  if (!info) return
  const now = Math.floor(Date.now() / 1000)
  for (const [socket, state] of hub.sockets) {
    for (const channel of [...state.channels.values()]) {
      const bindings = channel.bindings.filter(
        (b) => b.schema === change.schema && (b.table === null || b.table === change.table) && (b.event === '*' || b.event === change.type),
      )
      if (bindings.length === 0) continue
      if (channel.claims.exp !== undefined && channel.claims.exp < now) {
        closeChannel(hub, socket, channel, 'Token has expired')
        continue
      }
      for (const { ids, data } of await deliveries(hub.ctx.db, change, info, channel.claims, bindings)) {
        send(hub, socket, { joinRef: null, ref: null, topic: channel.topic, event: 'postgres_changes', payload: { ids, data } })
      }
    }
  }
}

export function attachRealtime(server: Server, ctx: StackContext): { close(): Promise<void> } {
  const { db, keys } = ctx
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  const tables = new Map<string, TableInfo>()
  const hub: Hub = {
    ctx,
    sockets: new Map(),
    async tableInfo(schema, table) {
      const key = `${schema}.${table}`
      const cached = tables.get(key)
      if (cached) return cached
      const info = await readTableInfo(db, schema, table)
      if (info) tables.set(key, info)
      return info
    },
  }

  // Deliver in commit order, one change at a time.
  let queue = Promise.resolve()
  const unlisten = db.listen('local_stack_realtime', (payload) => {
    queue = queue
      .then(() => deliver(hub, JSON.parse(payload) as Change))
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
      wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
        const vsn = url.searchParams.get('vsn') ?? '1.0.0'
        hub.sockets.set(ws, { vsn, channels: new Map() })
        ws.on('close', () => hub.sockets.delete(ws))
        ws.on('message', (data, isBinary) => {
          if (isBinary) return // binary frames carry user broadcasts only; not supported here
          const message = parseFrame(data)
          if (!message) {
            ws.close(1003, 'malformed message')
            return
          }
          handleMessage(hub, ws, message, apikey as string).catch((error) => console.error('[local stack] realtime error', error))
        })
      })
    })()
  }
  server.on('upgrade', onUpgrade)

  return {
    async close() {
      server.off('upgrade', onUpgrade)
      for (const socket of hub.sockets.keys()) socket.terminate()
      wss.close()
      await (await unlisten)()
      await queue
    },
  }
}
