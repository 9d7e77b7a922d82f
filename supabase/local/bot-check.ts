// The bot check's stand-in: Cloudflare Turnstile as the site and the servers meet it.
//   GET  /local-bot-check/api.js      the widget's script (bot-check-widget.ts), as Turnstile's api.js
//   POST /local-bot-check/challenge   what the widget does in the browser: hands out a token (no
//                                     step for the visitor, as Turnstile's always-pass test keys).
//                                     `{ "outcome": "refuse" }` hands out one that siteverify refuses,
//                                     as the always-fail test keys do: the one way a test asks it to.
//   POST /local-bot-check/siteverify  Turnstile's siteverify: `secret`, `response` (the token) and
//                                     `remoteip`, form-encoded or JSON; answers its JSON
//                                     `{ success, "error-codes", challenge_ts, hostname, action, cdata }`.
// Like Turnstile's, a token is at most 2048 characters, valid for 300 seconds and good for one
// check; siteverify refuses a missing or wrong secret, a missing token, one it did not hand out, and
// one spent or expired (`timeout-or-duplicate`). The auth stand-in (auth.ts) checks tokens here
// in-process, as GoTrue calls siteverify; the functions call the endpoint, as they would
// Cloudflare's (TURNSTILE_SITEVERIFY_URL and TURNSTILE_SECRET_KEY, which the stack sets).
import { createHmac, randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { isPlainObject, readText } from './http.ts'
import { botCheckWidgetScript, TOKEN_LIFETIME_MS } from './bot-check-widget.ts'

/** Turnstile's limits: token length, lifetime. */
export const MAX_TOKEN_LENGTH = 2048
export { TOKEN_LIFETIME_MS }

export type SiteverifyAnswer = {
  success: boolean
  'error-codes': string[]
  challenge_ts?: string
  hostname?: string
  action?: string
  cdata?: string
}

export type BotCheck = {
  /** The secret the servers present (what TURNSTILE_SECRET_KEY holds on a hosted project). */
  secret: string
  /** A token as the widget hands it out; `refuse` gives one that siteverify refuses. */
  challenge(outcome?: 'pass' | 'refuse'): string
  /** Siteverify: spends the token. */
  verify(input: { secret?: string; response?: string; remoteip?: string }): SiteverifyAnswer
}

/** The stand-in's secret, derived from the install's JWT secret (like the local webhook secret). */
export function localBotCheckSecret(jwtSecret: string): string {
  return `local-turnstile-${createHmac('sha256', jwtSecret).update('local-bot-check').digest('base64url')}`
}

export function createBotCheck(secret: string, hostname = 'localhost'): BotCheck {
  // Spent and expired tokens are kept a while longer, so that siteverify can say so.
  const issued = new Map<string, { at: number; outcome: 'pass' | 'refuse'; spent: boolean }>()
  const forget = (now: number) => {
    for (const [token, entry] of issued) if (now - entry.at > 2 * TOKEN_LIFETIME_MS) issued.delete(token)
  }
  return {
    secret,
    challenge(outcome = 'pass') {
      const now = Date.now()
      forget(now)
      const token = `0.local.${randomBytes(48).toString('base64url')}`
      issued.set(token, { at: now, outcome, spent: false })
      return token
    },
    verify({ secret: given, response }) {
      const refuse = (...codes: string[]): SiteverifyAnswer => ({ success: false, 'error-codes': codes })
      if (!given) return refuse('missing-input-secret')
      if (given !== secret) return refuse('invalid-input-secret')
      if (!response) return refuse('missing-input-response')
      if (response.length > MAX_TOKEN_LENGTH) return refuse('invalid-input-response')
      const entry = issued.get(response)
      if (!entry) return refuse('invalid-input-response')
      if (entry.spent || Date.now() - entry.at > TOKEN_LIFETIME_MS) return refuse('timeout-or-duplicate')
      entry.spent = true
      if (entry.outcome === 'refuse') return refuse('invalid-input-response')
      return { success: true, 'error-codes': [], challenge_ts: new Date(entry.at).toISOString(), hostname, action: '', cdata: '' }
    },
  }
}

/** The two endpoints. Open to any origin (the stack's CORS), as Cloudflare's are to browsers. */
export function botCheckRoutes(check: BotCheck): Hono {
  const app = new Hono()
  const script = botCheckWidgetScript()
  app.get('/api.js', (c) => c.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }))
  app.post('/challenge', async (c) => {
    let outcome: 'pass' | 'refuse' = 'pass'
    try {
      const body = JSON.parse((await readText(c, 4096)) || '{}') as unknown
      if (isPlainObject(body) && body.outcome === 'refuse') outcome = 'refuse'
    } catch {
      // no body, or not JSON: an ordinary token
    }
    return c.json({ token: check.challenge(outcome) })
  })
  app.post('/siteverify', async (c) => {
    let fields: Record<string, unknown> = {}
    try {
      const text = await readText(c, 16 * 1024)
      if (/json/i.test(c.req.header('content-type') ?? '')) {
        const parsed = JSON.parse(text || '{}') as unknown
        if (isPlainObject(parsed)) fields = parsed
      } else fields = Object.fromEntries(new URLSearchParams(text))
    } catch {
      return c.json({ success: false, 'error-codes': ['bad-request'] } satisfies SiteverifyAnswer, 400)
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
    return c.json(check.verify({ secret: text(fields.secret), response: text(fields.response), remoteip: text(fields.remoteip) }))
  })
  return app
}
