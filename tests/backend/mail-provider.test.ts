// The functions' e-mail provider (supabase/functions/_shared/mail.ts): with BREVO_API_KEY the demo
// notification goes to Brevo's transactional API (here a stand-in over HTTP, BREVO_API_BASE), and
// nothing to the local mailbox; a refusal leaves the request for a retry. Runs in the Node and the
// Deno projects, so the same request leaves the function under Deno.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brevoMessage, missingMailSecrets, parseAddress } from '../../supabase/functions/_shared/mail.ts'
import { functionHandler } from './function-runtime.ts'
import { type LocalStack, mails, startTestStack, uniqueEmail } from './helpers.ts'

const handler = functionHandler('send-demo-request')
const SITE = 'http://localhost:5173'

type Captured = { method: string; path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }

/** A stand-in for api.brevo.com: records each request and answers with `status`. */
async function fakeBrevo() {
  const requests: Captured[] = []
  let status = 201
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body })
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(status < 300 ? { messageId: `<${requests.length}@smtp-relay.mailin.fr>` } : { code: 'unauthorized', message: 'Key not found' }))
    })
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    answer: (next: number) => {
      status = next
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}

let stack: LocalStack
let brevo: Awaited<ReturnType<typeof fakeBrevo>>
beforeAll(async () => {
  ;[stack, brevo] = await Promise.all([startTestStack(), fakeBrevo()])
})
afterAll(() => Promise.all([stack.stop(), brevo.close()]))

let ip = 0
function post(body: unknown, env: Record<string, string | undefined>) {
  ip += 1
  const req = new Request('http://functions.local/send-demo-request', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE, 'X-Forwarded-For': `198.51.100.${ip}` },
    body: JSON.stringify(body),
  })
  return handler(req, {
    SUPABASE_URL: stack.url,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    SITE_URL: SITE,
    LOCAL_MAILBOX_URL: `${stack.url}/mailbox/send`,
    DEMO_NOTIFY_RETRY_AFTER_SECONDS: '3600',
    ...env,
  })
}

const brevoEnv = () => ({ BREVO_API_KEY: 'xkeysib-test-key', BREVO_API_BASE: brevo.base })
const request = (email: string) => ({ name: 'Kari Nordmann', email, company: 'Fjord AS', need: 'content', notes: 'Ring meg.' })

describe('the demo notification through Brevo', () => {
  it('posts one plain-text message to /v3/smtp/email with the API key; the local mailbox gets nothing', async () => {
    const email = uniqueEmail('brevo')
    const res = await post(request(email), brevoEnv())
    expect(res.status).toBe(200)
    const sent = brevo.requests.filter((r) => JSON.stringify(r.body).includes(email))
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v3/smtp/email' })
    expect(sent[0]!.headers['api-key']).toBe('xkeysib-test-key')
    expect(sent[0]!.headers['content-type']).toBe('application/json')
    expect(sent[0]!.body).toMatchObject({
      sender: { name: 'Vekstlinje', email: 'noreply@vekstlinje.no' },
      to: [{ email: 'salg@vekstlinje.no' }],
      replyTo: { email },
      subject: 'Demo request: Kari Nordmann (Fjord AS)',
    })
    expect(sent[0]!.body.textContent).toContain(`E-mail: ${email}`)
    expect((await mails(stack, 'salg@vekstlinje.no')).some((m) => m.text.includes(email))).toBe(false)
    const { rows } = await stack.db.query<{ notified_at: Date | null }>('select notified_at from public.demo_requests where email = $1', [email])
    expect(rows[0]!.notified_at).not.toBeNull()
  })

  it('a refusal from Brevo keeps the request and leaves it for a retry; the visitor is told all is well', async () => {
    brevo.answer(401)
    try {
      const email = uniqueEmail('refused')
      const res = await post(request(email), brevoEnv())
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ ok: true })
      const { rows } = await stack.db.query<{ notified_at: Date | null }>('select notified_at from public.demo_requests where email = $1', [email])
      expect(rows).toHaveLength(1)
      expect(rows[0]!.notified_at).toBeNull()
    } finally {
      brevo.answer(201)
    }
  })
})

describe('the mail module', () => {
  it('needs BREVO_API_KEY unless the local mailbox is there', () => {
    expect(missingMailSecrets({})).toEqual(['BREVO_API_KEY'])
    expect(missingMailSecrets({ BREVO_API_KEY: ' ' })).toEqual(['BREVO_API_KEY'])
    expect(missingMailSecrets({ BREVO_API_KEY: 'xkeysib-1' })).toEqual([])
    expect(missingMailSecrets({ LOCAL_MAILBOX_URL: 'http://localhost:54321/mailbox/send' })).toEqual([])
  })

  it('reads "Name <address>" senders, and bare addresses', () => {
    expect(parseAddress('Vekstlinje <noreply@vekstlinje.no>')).toEqual({ name: 'Vekstlinje', email: 'noreply@vekstlinje.no' })
    expect(parseAddress('"Vekstlinje Salg" <salg@vekstlinje.no>')).toEqual({ name: 'Vekstlinje Salg', email: 'salg@vekstlinje.no' })
    expect(parseAddress('noreply@vekstlinje.no')).toEqual({ email: 'noreply@vekstlinje.no' })
    expect(brevoMessage({ from: 'noreply@vekstlinje.no', to: 'a@b.no', subject: 's', text: 't' })).toEqual({
      sender: { email: 'noreply@vekstlinje.no' },
      to: [{ email: 'a@b.no' }],
      subject: 's',
      textContent: 't',
    })
  })
})
