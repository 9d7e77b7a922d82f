// The mail catcher: every e-mail the stack (or a function) would send lands here, stored in
// the database so it survives restarts with the rest of the data.
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { Hono } from 'hono'
import { isEmailAddress } from './email-address.ts'
import { BodyError, isPlainObject, readJson } from './http.ts'
import { bearer, verify } from './jwt.ts'
import { htmlResponse, type Mail, mailboxPage } from './pages.ts'

type Executor = PGlite | Transaction

export type OutgoingMail = { to: string; subject: string; text: string; html?: string | null }

export type Mailbox = {
  /** Stores the mail; pass the open transaction when called inside one (PGlite has one connection). */
  send(mail: OutgoingMail, tx?: Executor): Promise<Mail>
  list(filter?: { to?: string }): Promise<Mail[]>
}

export function extractLinks(mail: OutgoingMail): string[] {
  const links = new Set<string>()
  for (const match of (mail.html ?? '').matchAll(/href="([^"]+)"/g)) {
    links.add((match[1] ?? '').replace(/&amp;/g, '&'))
  }
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"')]+/g)) links.add(match[0])
  return [...links]
}

type MailRow = Omit<Mail, 'created_at'> & { created_at: Date }

function toMail(row: MailRow): Mail {
  return { ...row, id: Number(row.id), created_at: row.created_at.toISOString() }
}

export function createMailbox(db: PGlite): Mailbox {
  return {
    async send(mail, tx) {
      const { rows } = await (tx ?? db).query<MailRow>(
        `insert into local_stack.mailbox ("to", subject, text, html, links) values ($1, $2, $3, $4, $5)
         returning id, "to", subject, text, html, links, created_at`,
        [mail.to, mail.subject, mail.text, mail.html ?? null, JSON.stringify(extractLinks(mail))],
      )
      return toMail(rows[0]!)
    },
    async list(filter = {}) {
      const { rows } = await db.query<MailRow>(
        `select id, "to", subject, text, html, links, created_at from local_stack.mailbox
         where $1::text is null or lower("to") = lower($1::text) order by id desc limit 500`,
        [filter.to ?? null],
      )
      return rows.map(toMail)
    },
  }
}

/** The Host names the mailbox answers: the loopback names the stack listens on. A page of another
 * site whose name an attacker points at 127.0.0.1 (DNS rebinding) sends its own name, and is refused. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export function isLocalHost(host: string | undefined): boolean {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '')
  return LOCAL_HOSTS.has(name)
}

/** `/mailbox` (page), `/mailbox.json` (newest first, `?to=` filters) and `POST /mailbox/send`. */
export function mailboxRoutes(mailbox: Mailbox, jwtSecret: string): Hono {
  const app = new Hono()
  for (const path of ['/mailbox', '/mailbox.json', '/mailbox/*']) {
    app.use(path, async (c, next) => {
      if (!isLocalHost(c.req.header('host'))) return c.text('The mailbox answers only at localhost, 127.0.0.1 or [::1].', 403)
      await next()
    })
  }
  app.get('/mailbox', async () => htmlResponse(mailboxPage(await mailbox.list())))
  app.get('/mailbox.json', async (c) => c.json(await mailbox.list({ to: c.req.query('to') })))
  app.post('/mailbox/send', async (c) => {
    const token = bearer(c.req.header('authorization'))
    const result = token ? await verify(token, jwtSecret) : null
    if (!result?.ok || result.claims.role !== 'service_role') {
      return c.json({ code: 401, message: 'The service role key is required to send mail' }, 401)
    }
    let body: unknown
    try {
      body = await readJson(c, 256 * 1024)
    } catch (error) {
      const tooLarge = error instanceof BodyError && error.kind === 'too_large'
      return c.json({ code: tooLarge ? 413 : 400, message: (error as Error).message }, tooLarge ? 413 : 400)
    }
    const fields = isPlainObject(body) ? body : {}
    const { to, subject, text, html } = fields
    const valid =
      typeof to === 'string' &&
      isEmailAddress(to) &&
      typeof subject === 'string' &&
      subject.length > 0 &&
      typeof text === 'string' &&
      (html === undefined || html === null || typeof html === 'string')
    if (!valid) {
      return c.json({ code: 400, message: 'Expected {to: e-mail, subject: string, text: string, html?: string}' }, 400)
    }
    const mail = await mailbox.send({ to, subject, text, html: (html as string | null | undefined) ?? null })
    return c.json({ id: mail.id }, 201)
  })
  return app
}
