// A demo form field is a row of the field table: with an optional field the table does not have
// added there (and its column added, as the table's comment says), a request carrying it is
// validated, stored whole by the database function (no edit there) and named in the notification
// to the sales team. The added field is one no real table has ("hypothetical"), so that this proves
// the same whatever fields exist. (tests/components/new-demo-field.test.tsx: the form's side.)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { requiredValues } from '../demo-samples.ts'
import { client, type LocalStack, mails, startTestStack, uniqueEmail } from './helpers.ts'

vi.mock('../../supabase/functions/_shared/demo-field-table.ts', async (importOriginal) => {
  const { demoFieldTable } = await importOriginal<typeof import('../../supabase/functions/_shared/demo-field-table.ts')>()
  const added = { name: 'hypothetical', limit: 40, required: false, kind: 'text', autocomplete: 'tel', notifyAs: 'Hypothetical' }
  if (demoFieldTable.some((spec) => spec.name === added.name)) throw new Error('the table has a field "hypothetical": this test adds one of that name')
  return { demoFieldTable: [...demoFieldTable, added] }
})

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
  await stack.db.exec("alter table public.demo_requests add column hypothetical text not null default '' check (char_length(hypothetical) <= 40)")
})
afterAll(() => stack.stop())

/** The required fields right (tests/demo-samples.ts), an address of its own and the added field. */
const request = (email: string, hypothetical: string) => ({ ...requiredValues, email, need: 'content', hypothetical })
/** With the bot check's token, as the site's widget hands it over (config.toml has the check on). */
const withToken = (body: Record<string, string>) => ({ ...body, captcha_token: stack.botCheckToken() })

describe('an optional field added to the field table', () => {
  it('is stored with the request and named in the notification', async () => {
    const email = uniqueEmail('added')
    const { data, error } = await client(stack).functions.invoke('send-demo-request', { body: withToken(request(email, ' +47 22 33 44 55 ')) })
    expect(error).toBeNull()
    expect(data).toEqual({ ok: true })
    const { rows } = await stack.db.query('select need, hypothetical from public.demo_requests where email = $1', [email])
    expect(rows).toEqual([{ need: 'content', hypothetical: '+47 22 33 44 55' }])
    const [mail, ...more] = (await mails(stack, 'salg@vekstlinje.no')).filter((m) => m.text.includes(email))
    expect(more).toHaveLength(0)
    expect(mail!.text).toContain('\nHypothetical: +47 22 33 44 55\n')
  })

  it('is checked by the table’s limit, and may be left out', async () => {
    const long = await client(stack).functions.invoke('send-demo-request', { body: withToken(request(uniqueEmail('added'), '9'.repeat(41))) })
    expect(await (long.error as { context: Response }).context.json()).toEqual({ ok: false, error: 'invalid', fields: { hypothetical: 'tooLong' } })
    const email = uniqueEmail('added')
    const { hypothetical: _, ...leftOut } = request(email, '')
    expect((await client(stack).functions.invoke('send-demo-request', { body: withToken(leftOut) })).data).toEqual({ ok: true })
    const { rows } = await stack.db.query('select hypothetical from public.demo_requests where email = $1', [email])
    expect(rows).toEqual([{ hypothetical: '' }])
  })
})
