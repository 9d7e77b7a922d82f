// Functions, Prefer options, media types and the max_rows cap in the local REST, as PostgREST
// answers them; and PostgREST's in-database settings (aggregates, plans, tx=rollback), off by
// default as on hosted Supabase and switched on as a project switches them on.
import { describe, expect, it } from 'vitest'
import { configuredApi } from '../config.ts'
import { catalogueForThisFile, reloadPostgrest, setPostgrestSetting } from './rest-fixture.ts'

const fixture = catalogueForThisFile()
const call = async (path: string, init: RequestInit = {}) => {
  const res = await fixture.rest(path, init)
  const text = await res.text()
  const json = (res.headers.get('content-type') ?? 'application/json').includes('json')
  return { status: res.status, headers: res.headers, body: text && json ? JSON.parse(text) : null, text }
}
const post = (path: string, body: unknown, headers: Record<string, string> = {}) => call(path, { method: 'POST', body: JSON.stringify(body), headers })
const authorName = async (id: number) => (await fixture.stack.db.query<{ name: string }>('select name from public.authors where id = $1', [id])).rows[0]!.name


describe('functions', () => {
  it('answer by their return type: a set, a row, a scalar, a set of scalars, void', async () => {
    expect((await post('rpc/books_of', { author_name: 'Italo' })).body.map((b: { id: number }) => b.id)).toEqual([3])
    expect((await post('rpc/first_book', { author: { id: 1, name: 'Ursula', born: null } })).body).toMatchObject({ id: 1, title: 'Earthsea' })
    expect((await post('rpc/book_count', {})).body).toBe(4)
    expect((await post('rpc/titles', {})).body).toEqual(['Earthsea', 'Dispossessed', 'Invisible Cities', 'Moomin Summer'])
    const none = await post('rpc/noop', {})
    expect([none.status, none.text]).toEqual([204, ''])
  })

  it('take select, filters, order and limit on their result, and embed from it', async () => {
    const shaped = await post('rpc/books_of?select=name:title,authors!books_author_id_fkey(name)&id=gt.1&order=id.desc&limit=1', { author_name: 'Ursula' })
    expect(shaped.body).toEqual([{ name: 'Dispossessed', authors: { name: 'Ursula' } }])
    const counted = await post('rpc/books_of', { author_name: 'Ursula' }, { Prefer: 'count=exact' })
    expect(counted.headers.get('content-range')).toBe('0-1/2')
  })

  it('are called with GET (stable ones) and its arguments in the query string; HEAD answers no body', async () => {
    expect((await call('rpc/books_of?author_name=Tove&select=title')).body).toEqual([{ title: 'Moomin Summer' }])
    const head = await call('rpc/book_count', { method: 'HEAD' })
    expect([head.status, head.text]).toEqual([200, ''])
    const write = await call('rpc/rename_author?author_id=3&new_name=X')
    expect([write.status, write.body.code]).toEqual([405, '25006'])
    expect(await authorName(3)).toBe('Tove')
  })

  it('choose an overload by argument names, or refuse to (300 PGRST203, 404 PGRST202)', async () => {
    const ambiguous = await post('rpc/pick', { a: 1 })
    expect([ambiguous.status, ambiguous.body.code, ambiguous.body.message]).toEqual([
      300,
      'PGRST203',
      'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)',
    ])
    const missing = await post('rpc/books_of', { author: 'x' })
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.books_of(author) in the schema cache', hint: 'Perhaps you meant to call the function public.books_of(author_name)' })
    // One unnamed json parameter takes the whole body.
    expect((await post('rpc/echo_json', { any: ['thing'] })).body).toEqual({ any: ['thing'] })
  })
})

describe('Prefer', () => {
  it('count=exact on writes, return=representation/minimal, merge-duplicates answering 200 when nothing is new', async () => {
    const inserted = await post('authors?select=id', [{ id: 10, name: 'A' }, { id: 11, name: 'B' }], { Prefer: 'return=representation,count=exact' })
    expect([inserted.status, inserted.headers.get('content-range'), inserted.body]).toEqual([201, '*/2', [{ id: 10 }, { id: 11 }]])
    const updated = await call('authors?id=gte.10', { method: 'PATCH', body: JSON.stringify({ born: 2000 }), headers: { Prefer: 'count=exact' } })
    expect([updated.status, updated.headers.get('content-range')]).toEqual([204, '0-1/2'])
    const merged = await post('authors', { id: 10, name: 'A2' }, { Prefer: 'resolution=merge-duplicates,return=representation' })
    expect([merged.status, merged.body[0].name]).toEqual([200, 'A2'])
    const mixed = await post('authors', [{ id: 10, name: 'A3' }, { id: 12, name: 'C' }], { Prefer: 'resolution=merge-duplicates' })
    expect(mixed.status).toBe(201)
    const ignored = await post('authors?select=name', { id: 10, name: 'ignored' }, { Prefer: 'resolution=ignore-duplicates,return=representation' })
    expect([ignored.status, ignored.body]).toEqual([201, []])
    const deleted = await call('authors?id=gte.10', { method: 'DELETE', headers: { Prefer: 'count=exact' } })
    expect([deleted.status, deleted.headers.get('content-range')]).toEqual([204, '*/3'])
  })

  it('missing=default fills absent keys with the column default, jsonb takes any JSON value', async () => {
    const res = await post('books?columns=id,title,author_id,tags,meta&select=id,tags,meta', [{ id: 20, title: 'x', author_id: 1, meta: 'a string' }], {
      Prefer: 'missing=default,return=representation',
    })
    expect([res.status, res.body]).toEqual([201, [{ id: 20, tags: [], meta: 'a string' }]])
    await call('books?id=eq.20', { method: 'DELETE' })
  })

  it('handling=strict with max-affected refuses a bigger write and keeps the rows (400 PGRST124)', async () => {
    const res = await call('authors?id=lte.2', { method: 'PATCH', body: JSON.stringify({ name: 'Z' }), headers: { Prefer: 'handling=strict,max-affected=1' } })
    expect([res.status, res.body.code, res.body.details]).toEqual([400, 'PGRST124', 'The query affects 2 rows'])
    expect(await authorName(1)).toBe('Ursula')
    const lenient = await call('authors?id=eq.99', { method: 'PATCH', body: JSON.stringify({ name: 'Z' }), headers: { Prefer: 'max-affected=0,handling=lenient' } })
    expect(lenient.status).toBe(204)
    const unknown = await call('authors', { headers: { Prefer: 'handling=strict,what=ever' } })
    expect([unknown.status, unknown.body.code]).toEqual([400, 'PGRST122'])
    // Only the first max-affected counts, and one that is not a number is ignored, not invalid.
    const twice = await call('authors?id=lte.2', { method: 'PATCH', body: JSON.stringify({ name: 'Z' }), headers: { Prefer: 'handling=strict,max-affected=x,max-affected=1' } })
    expect([twice.status, await authorName(1)]).toEqual([204, 'Z'])
    await fixture.stack.db.query(`update public.authors set name = case id when 1 then 'Ursula' else 'Italo' end where id <= 2`)
  })

  it('a function reads the cookies in request.cookies, not among request.headers', async () => {
    const context = await call('rpc/request_context', { headers: { Cookie: 'theme=dark; sb=a=b;flag' } })
    expect(context.body).toEqual({ cookies: { theme: 'dark', sb: 'a=b', flag: '' }, cookie_header: null })
    expect((await call('rpc/request_context')).body).toEqual({ cookies: {}, cookie_header: null })
  })

  it("applies the role's own settings and isolation level, as PostgREST does for the role it switches to", async () => {
    const setting = async (name: string) => (await call(`rpc/setting?name=${name}`)).body
    expect([await setting('TimeZone'), await setting('transaction_isolation')]).toEqual(['UTC', 'read committed'])
    expect((await call('rpc/isolation')).body).toBe('repeatable read')
    await fixture.stack.db.exec(`alter role service_role set timezone = 'Asia/Tokyo'; alter role service_role set default_transaction_isolation = 'serializable';
      alter role service_role set session_replication_role = 'replica'`)
    await reloadPostgrest(fixture.stack, 'reload config')
    try {
      expect([await setting('TimeZone'), await setting('transaction_isolation')]).toEqual(['Asia/Tokyo', 'serializable'])
      // A function's own isolation level wins over the role's, as PostgREST hoists it to the transaction.
      expect((await call('rpc/isolation')).body).toBe('repeatable read')
      // A setting PostgREST's login role may not set (superuser only) is left out, as PostgREST leaves it.
      expect(await setting('session_replication_role')).toBe('origin')
      // Prefer: timezone= comes after, and wins.
      expect((await call('rpc/setting?name=TimeZone', { headers: { Prefer: 'timezone=Europe/Oslo' } })).body).toBe('Europe/Oslo')
    } finally {
      await fixture.stack.db.exec('alter role service_role reset all')
      await reloadPostgrest(fixture.stack, 'reload config')
    }
  })

  it("hoists only the function settings PostgREST's db_hoisted_tx_settings names to the transaction", async () => {
    // A function's own SET ends with the function, unless hoisted: then it holds for the request.
    expect((await call('rpc/with_header')).headers.get('x-set-by')).toBeNull()
    await setPostgrestSetting(fixture.stack, 'db_hoisted_tx_settings', 'statement_timeout, response.headers')
    try {
      expect((await call('rpc/with_header')).headers.get('x-set-by')).toBe('function')
    } finally {
      await setPostgrestSetting(fixture.stack, 'db_hoisted_tx_settings', null)
    }
  })

  it('timezone= sets the time zone of the answer and is applied; an unknown zone is a 400', async () => {
    const oslo = await post('rpc/moment', {}, { Prefer: 'timezone=Europe/Oslo' })
    expect([oslo.body, oslo.headers.get('preference-applied')]).toEqual(['2023-10-18T14:37:59.611+02:00', 'timezone=Europe/Oslo'])
    expect((await post('rpc/moment', {})).body).toBe('2023-10-18T12:37:59.611+00:00')
    const unknown = await post('rpc/moment', {}, { Prefer: 'handling=lenient, timezone=Jupiter/Red_Spot' })
    expect([unknown.status, unknown.body.code]).toEqual([400, '22023'])
  })

  it('tx=rollback answers but keeps nothing, once the database allows the override', async () => {
    const rename = () => call('authors?id=eq.3&select=name', { method: 'PATCH', body: JSON.stringify({ name: 'Rolled' }), headers: { Prefer: 'tx=rollback,return=representation' } })
    // Hosted's default (db_tx_end = commit): the preference is ignored and the write stays.
    expect((await rename()).body).toEqual([{ name: 'Rolled' }])
    expect(await authorName(3)).toBe('Rolled')
    await fixture.stack.db.query(`update public.authors set name = 'Tove' where id = 3`)
    await setPostgrestSetting(fixture.stack, 'db_tx_end', 'commit-allow-override')
    try {
      const rolled = await rename()
      expect([rolled.status, rolled.body, rolled.headers.get('preference-applied')]).toEqual([200, [{ name: 'Rolled' }], 'return=representation, tx=rollback'])
      expect(await authorName(3)).toBe('Tove')
    } finally {
      await setPostgrestSetting(fixture.stack, 'db_tx_end', null)
    }
  })
})

describe('media types and in-database settings', () => {
  it('CSV, stripped nulls, a single object (406 PGRST116 otherwise)', async () => {
    const csv = await call('authors?select=id,name,born&order=id&limit=2', { headers: { Accept: 'text/csv' } })
    expect([csv.headers.get('content-type'), csv.text]).toEqual(['text/csv; charset=utf-8', 'id,name,born\n1,Ursula,1929\n2,Italo,1923'])
    const stripped = await call('books?select=id,editor_id&id=eq.2', { headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' } })
    expect(stripped.body).toEqual([{ id: 2 }])
    const single = await call('authors?select=name&id=eq.2', { headers: { Accept: 'application/vnd.pgrst.object+json' } })
    expect(single.body).toEqual({ name: 'Italo' })
    const many = await call('authors?select=name', { headers: { Accept: 'application/vnd.pgrst.object+json' } })
    expect([many.status, many.body.code, many.body.details]).toEqual([406, 'PGRST116', 'The result contains 3 rows'])
    const unknown = await call('authors', { headers: { Accept: 'application/xml' } })
    expect([unknown.status, unknown.body.code]).toEqual([406, 'PGRST107'])
  })

  it('schemas beyond public are reached by Accept-Profile and Content-Profile once exposed', async () => {
    await fixture.stack.db.exec(`create schema library; create table library.loans (id int primary key, who text);
      grant usage on schema library to service_role; grant all on library.loans to service_role;`)
    const read = (profile: string) => call('loans?select=id', { headers: { 'Accept-Profile': profile } })
    expect([(await read('library')).status, (await read('library')).body.code]).toEqual([406, 'PGRST106'])
    await setPostgrestSetting(fixture.stack, 'db_schemas', 'public, library')
    try {
      const wrote = await post('loans', { id: 1, who: 'Ursula' }, { 'Content-Profile': 'library', Prefer: 'return=representation' })
      expect([wrote.status, wrote.headers.get('content-profile'), wrote.body]).toEqual([201, 'library', [{ id: 1, who: 'Ursula' }]])
      expect((await read('library')).body).toEqual([{ id: 1 }])
      expect((await call('loans')).body.code).toBe('PGRST205')
    } finally {
      await setPostgrestSetting(fixture.stack, 'db_schemas', null)
    }
  })

  it('aggregates and EXPLAIN plans only where the database enables them', async () => {
    const aggregate = 'books?select=author_id,count(),pages:id.sum()&order=author_id'
    expect((await call(aggregate)).body.code).toBe('PGRST123')
    const plan = { Accept: 'application/vnd.pgrst.plan+json; for="application/json"' }
    expect((await call('books', { headers: plan })).status).toBe(406)
    await setPostgrestSetting(fixture.stack, 'db_aggregates_enabled', 'true')
    await setPostgrestSetting(fixture.stack, 'db_plan_enabled', 'true')
    try {
      expect((await call(aggregate)).body).toEqual([
        { author_id: 1, count: 2, pages: 3 },
        { author_id: 2, count: 1, pages: 3 },
        { author_id: 3, count: 1, pages: 4 },
      ])
      const nested = await call('authors?select=name,books!books_author_id_fkey(count)&id=eq.1')
      expect(nested.body).toEqual([{ name: 'Ursula', books: [{ count: 2 }] }])
      expect((await call('books', { headers: plan })).body[0]).toHaveProperty('Plan')
      // EXPLAIN VERBOSE carries the query identifier hosted Postgres computes for pg_stat_statements.
      const verbose = await call('books', { headers: { Accept: `${plan.Accept}; options=verbose` } })
      expect(verbose.body[0]['Query Identifier']).toEqual(expect.any(Number))
    } finally {
      await setPostgrestSetting(fixture.stack, 'db_aggregates_enabled', null)
      await setPostgrestSetting(fixture.stack, 'db_plan_enabled', null)
    }
  })

  it('max_rows from config.toml caps every read, as hosted PostgREST caps it', async () => {
    const cap = configuredApi().maxRows!
    expect(cap).toBe(1000)
    const all = await call('numbers?select=n', { headers: { Prefer: 'count=exact' } })
    expect([all.status, all.body.length, all.headers.get('content-range')]).toEqual([206, cap, `0-${cap - 1}/1100`])
    const page = await call('numbers?select=n&offset=1050&limit=100')
    expect([page.body.length, page.headers.get('content-range')]).toEqual([50, '1050-1099/*'])
    const ranged = await call('numbers?select=n&order=n', { headers: { Range: '2-3' } })
    expect([ranged.body, ranged.headers.get('content-range')]).toEqual([[{ n: 3 }, { n: 4 }], '2-3/*'])
    // A write returns every row it wrote; the cap is on reads.
    const written = await call('numbers?n=gt.0&select=n', { method: 'PATCH', body: '{}', headers: { Prefer: 'return=representation' } })
    expect(written.body).toEqual([])
    // The project may lower it in the database, as PostgREST's db_max_rows.
    await setPostgrestSetting(fixture.stack, 'db_max_rows', '3')
    try {
      expect((await call('numbers?select=n')).body).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
      expect((await post('rpc/titles', {})).body).toHaveLength(3)
    } finally {
      await setPostgrestSetting(fixture.stack, 'db_max_rows', null)
    }
  })
})
