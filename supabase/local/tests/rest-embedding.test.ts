// Resource embedding in the local PostgREST, with PostgREST's relationship rules and errors:
// many-to-one, one-to-many, one-to-one, many-to-many through a junction table, through a view,
// computed relationships, hints, !inner, spreads, and filters, order and limits on embedded rows.
import { describe, expect, it } from 'vitest'
import { catalogueForThisFile } from './rest-fixture.ts'

const fixture = catalogueForThisFile()
const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fixture.rest(path, { headers })
  return { status: res.status, body: await res.json() }
}


describe('embedding', () => {
  it('many-to-one is an object, one-to-many an array, one-to-one an object or null', async () => {
    expect(await get('books?select=title,author:authors!books_author_id_fkey(name)&id=eq.3')).toEqual({
      status: 200,
      body: [{ title: 'Invisible Cities', author: { name: 'Italo' } }],
    })
    const authors = await get('authors?select=name,books!books_author_id_fkey(title)&order=id&books.order=id.desc')
    expect(authors.body).toEqual([
      { name: 'Ursula', books: [{ title: 'Dispossessed' }, { title: 'Earthsea' }] },
      { name: 'Italo', books: [{ title: 'Invisible Cities' }] },
      { name: 'Tove', books: [{ title: 'Moomin Summer' }] },
    ])
    const details = await get('books?select=id,book_details(blurb)&order=id&limit=2')
    expect(details.body).toEqual([
      { id: 1, book_details: { blurb: "A wizard's youth" } },
      { id: 2, book_details: null },
    ])
  })

  it('two foreign keys to one table are ambiguous (300 PGRST201) until a hint names one', async () => {
    const ambiguous = await get('books?select=title,authors(name)')
    expect(ambiguous.status).toBe(300)
    expect(ambiguous.body).toMatchObject({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'books' and 'authors'",
      hint: "Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_editor_id_fkey'. Find the desired relationship in the 'details' key.",
    })
    expect(ambiguous.body.details).toEqual([
      { cardinality: 'many-to-one', embedding: 'books with authors', relationship: 'books_author_id_fkey using books(author_id) and authors(id)' },
      { cardinality: 'many-to-one', embedding: 'books with authors', relationship: 'books_editor_id_fkey using books(editor_id) and authors(id)' },
    ])
    // A column as hint, and a column as the embedded name.
    expect((await get('books?select=editor:authors!editor_id(name)&id=eq.1')).body).toEqual([{ editor: { name: 'Italo' } }])
    expect((await get('books?select=editor_id(name)&id=eq.3')).body).toEqual([{ editor_id: { name: 'Ursula' } }])
    const none = await get('books?select=title,publishers(*)')
    expect(none).toMatchObject({ status: 400, body: { code: 'PGRST200', message: "Could not find a relationship between 'books' and 'publishers' in the schema cache" } })
  })

  it('many-to-many goes through the junction table', async () => {
    const shelves = await get('books?select=title,shelves(label)&order=id&shelves.order=id')
    expect(shelves.body).toEqual([
      { title: 'Earthsea', shelves: [{ label: 'classics' }, { label: 'sea' }] },
      { title: 'Dispossessed', shelves: [] },
      { title: 'Invisible Cities', shelves: [{ label: 'classics' }] },
      { title: 'Moomin Summer', shelves: [] },
    ])
  })

  it('!inner keeps only rows whose embedded resource matches; an embedded filter alone keeps them all', async () => {
    const inner = await get('books?select=title,authors!books_author_id_fkey!inner(name)&authors.name=eq.Ursula&order=id')
    expect(inner.body.map((b: { title: string }) => b.title)).toEqual(['Earthsea', 'Dispossessed'])
    const innerMany = await get('authors?select=name,books!books_author_id_fkey!inner(title)&books.title=eq.Earthsea')
    expect(innerMany.body).toEqual([{ name: 'Ursula', books: [{ title: 'Earthsea' }] }])
    const left = await get('books?select=title,authors!books_author_id_fkey(name)&authors.name=eq.Ursula&order=id')
    expect(left.body.map((b: { authors: unknown }) => b.authors)).toEqual([{ name: 'Ursula' }, { name: 'Ursula' }, null, null])
    const notNull = await get('books?select=title,book_details(blurb)&book_details=not.is.null&order=id')
    expect(notNull.body.map((b: { title: string }) => b.title)).toEqual(['Earthsea', 'Invisible Cities'])
    const counted = await fixture.rest('books?select=id,authors!books_author_id_fkey!inner(id)&authors.name=eq.Italo', { headers: { Prefer: 'count=exact' } })
    expect(counted.headers.get('content-range')).toBe('0-0/1')
  })

  it('embedded rows take their own filters, logic trees, order, limit and offset', async () => {
    const path =
      'authors?select=name,books!books_author_id_fkey(id)&id=eq.1&books.or=(title.eq.Earthsea,title.like.Dis*)&books.order=id.desc&books.limit=1&books.offset=1'
    expect((await get(path)).body).toEqual([{ name: 'Ursula', books: [{ id: 1 }] }])
    const missing = await get('authors?select=name&books.order=id')
    expect(missing).toMatchObject({ status: 400, body: { code: 'PGRST108', message: "'books' is not an embedded resource in this request" } })
  })

  it('spreads lift a to-one resource into its parent, and a to-many one into arrays', async () => {
    expect((await get('books?select=title,...authors!books_author_id_fkey(author:name)&id=eq.2')).body).toEqual([
      { title: 'Dispossessed', author: 'Ursula' },
    ])
    expect((await get('authors?select=name,...books!books_author_id_fkey(title)&id=eq.1&books.order=id')).body).toEqual([
      { name: 'Ursula', title: ['Earthsea', 'Dispossessed'] },
    ])
  })

  it('functions of a row type are computed relationships and computed fields', async () => {
    const computed = await get('authors?select=name,written_by(title),shout:first_book(title)&id=eq.2')
    expect(computed.body).toEqual([{ name: 'Italo', written_by: [{ title: 'Invisible Cities' }], shout: { title: 'Invisible Cities' } }])
    expect((await get('books?select=id,shout&id=eq.4')).body).toEqual([{ id: 4, shout: 'MOOMIN SUMMER' }])
  })

  it('a view takes part in its table’s foreign keys', async () => {
    expect((await get('long_books?select=title,authors(name)&order=id')).body).toEqual([
      { title: 'Dispossessed', authors: { name: 'Ursula' } },
      { title: 'Moomin Summer', authors: { name: 'Tove' } },
    ])
    expect((await get('authors?select=name,long_books(title)&id=eq.3')).body).toEqual([{ name: 'Tove', long_books: [{ title: 'Moomin Summer' }] }])
  })

  it('an embedding on a write returns the written rows with their related ones', async () => {
    const res = await fixture.rest('books?select=title,authors!books_author_id_fkey(name)', {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({ id: 10, title: 'Comet in Moominland', author_id: 3 }),
    })
    expect([res.status, await res.json()]).toEqual([201, [{ title: 'Comet in Moominland', authors: { name: 'Tove' } }]])
    await fixture.rest('books?id=eq.10', { method: 'DELETE' })
  })
})
