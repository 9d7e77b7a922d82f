// A demo form field is a row of the field table: with an optional "phone" field added there (and
// its column added, as the table's comment says), a request carrying it is validated, stored whole
// by the database function (no edit there) and named in the notification to the sales team.
// (tests/components/demo-field.test.tsx: the form's side.)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { client, type LocalStack, mails, startTestStack, uniqueEmail } from './helpers.ts'

vi.mock('../../supabase/functions/_shared/demo-field-table.ts', async (importOriginal) => {
  const { demoFieldTable } = await importOriginal<typeof import('../../supabase/functions/_shared/demo-field-table.ts')>()
  const phone = { name: 'phone', limit: 40, required: false, kind: 'text', autocomplete: 'tel', notifyAs: 'Phone' }
  return { demoFieldTable: [...demoFieldTable, phone] }
})

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
  await stack.db.exec("alter table public.demo_requests add column phone text not null default '' check (char_length(phone) <= 40)")
})
afterAll(() => stack.stop())

const request = (email: string, phone: string) => ({ name: 'Åse Ødegård', email, need: 'content', phone })
/** With the bot check's token, as the site's widget hands it over (config.toml has the check on). */
const withToken = (body: Record<string, string>) => ({ ...body, captcha_token: stack.botCheckToken() })

describe('an optional "phone" field added to the field table', () => {
  it('is stored with the request and named in the notification', async () => {
    const email = uniqueEmail('phone')
    const { data, error } = await client(stack).functions.invoke('send-demo-request', { body: withToken(request(email, ' +47 22 33 44 55 ')) })
    expect(error).toBeNull()
    expect(data).toEqual({ ok: true })
    const { rows } = await stack.db.query('select name, need, company, phone from public.demo_requests where email = $1', [email])
    expect(rows).toEqual([{ name: 'Åse Ødegård', need: 'content', company: '', phone: '+47 22 33 44 55' }])
    const [mail, ...more] = (await mails(stack, 'salg@vekstlinje.no')).filter((m) => m.text.includes(email))
    expect(more).toHaveLength(0)
    expect(mail!.text).toContain('\nNeed: Innhold (Content)\nPhone: +47 22 33 44 55\n')
  })

  it('is checked by the table’s limit, and may be left out', async () => {
    const long = await client(stack).functions.invoke('send-demo-request', { body: withToken(request(uniqueEmail('phone'), '9'.repeat(41))) })
    expect(await (long.error as { context: Response }).context.json()).toEqual({ ok: false, error: 'invalid', fields: { phone: 'tooLong' } })
    const email = uniqueEmail('phone')
    const { name, need } = request(email, '')
    expect((await client(stack).functions.invoke('send-demo-request', { body: withToken({ name, email, need }) })).data).toEqual({ ok: true })
    const { rows } = await stack.db.query('select phone from public.demo_requests where email = $1', [email])
    expect(rows).toEqual([{ phone: '' }])
  })
})
