// PostgREST's filter operators and select syntax in the local REST, one family at a time:
// comparisons and quantified patterns, arrays and ranges, full-text search, regular expressions,
// IS and IS DISTINCT, IN with quoted values, logic trees, JSON paths and casts.
import { describe, expect, it } from 'vitest'
import { catalogueForThisFile } from './rest-fixture.ts'

const fixture = catalogueForThisFile()
/** The ids of the books a filter keeps, in id order. */
const ids = async (filter: string) => {
  const res = await fixture.rest(`books?select=id&order=id&${filter}`)
  const body = await res.json()
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`)
  return (body as { id: number }[]).map((b) => b.id)
}
const q = encodeURIComponent


describe('filters', () => {
  it('comparisons, and like/ilike/match with any/all', async () => {
    expect(await ids('id=gt.2')).toEqual([3, 4])
    expect(await ids('id=not.lte.2')).toEqual([3, 4])
    expect(await ids('title=neq.Earthsea')).toEqual([2, 3, 4])
    expect(await ids(`title=like.${q('*sea')}`)).toEqual([1])
    expect(await ids(`title=ilike(any).${q('{*CITIES,moomin*}')}`)).toEqual([3, 4])
    expect(await ids(`title=like(all).${q('{*i*,*s*}')}`)).toEqual([2, 3])
    expect(await ids(`title=match.${q('^[DE]')}`)).toEqual([1, 2])
    expect(await ids(`title=imatch.${q('summer$')}`)).toEqual([4])
    expect(await ids('id=eq(any).{1,4}')).toEqual([1, 4])
  })

  it('arrays: contains, contained by, overlaps', async () => {
    expect(await ids('tags=cs.{sea}')).toEqual([1])
    expect(await ids('tags=cd.{fantasy,sea,scifi}')).toEqual([1, 2, 4])
    expect(await ids('tags=ov.{scifi,fable}')).toEqual([2, 3])
  })

  it('ranges: left of, right of, does not extend, adjacent, overlaps', async () => {
    expect(await ids(`pages=ov.${q('[200,300)')}`)).toEqual([1, 2, 4])
    expect(await ids(`pages=sl.${q('[500,600)')}`)).toEqual([1, 2, 3, 4])
    expect(await ids(`pages=nxr.${q('[1,260)')}`)).toEqual([1, 3])
    expect(await ids(`pages=adj.${q('[250,300)')}`)).toEqual([1])
    expect(await ids(`pages=sr.${q('[-5,0)')}`)).toEqual([1, 2, 3, 4])
    expect(await ids(`pages=nxl.${q('[2,5)')}`)).toEqual([])
  })

  it('full-text search with each parser and a language', async () => {
    expect(await ids(`summary=fts.${q("sea & wizard")}`)).toEqual([1])
    expect(await ids(`summary=plfts(english).${q('the wizards')}`)).toEqual([1])
    expect(await ids(`summary=phfts(english).${q('two planets')}`)).toEqual([2])
    expect(await ids(`summary=wfts(english).${q('"the khan" or theatre')}`)).toEqual([3, 4])
    expect(await ids(`title=fts(english).${q('city')}`)).toEqual([3])
  })

  it('is, is distinct, in with quoted values', async () => {
    expect(await ids('editor_id=is.null')).toEqual([2, 4])
    expect(await ids('editor_id=not.is.null')).toEqual([1, 3])
    expect(await ids('editor_id=isdistinct.1')).toEqual([1, 2, 4])
    expect(await ids(`title=in.(${q('"Invisible Cities",Earthsea,"a,b"')})`)).toEqual([1, 3])
    expect(await ids('id=in.()')).toEqual([])
  })

  it('or/and trees, negated, nested, on JSON paths too', async () => {
    expect(await ids(`or=(${q('id.eq.1,and(author_id.eq.1,title.like.D*)')})`)).toEqual([1, 2])
    expect(await ids(`not.or=(${q('id.lt.2,id.gt.3')})`)).toEqual([2, 3])
    expect(await ids(`and=(${q('tags.cs.{sea},id.eq.1')})&or=(id.eq.1,id.eq.3)`)).toEqual([1])
    expect(await ids(`meta->>lang=eq.it`)).toEqual([3])
    expect(await ids(`meta->price->>nok=gt.200`)).toEqual([2])
  })

  it('a filter that cannot be read is 400 PGRST100, an unknown column 42703', async () => {
    const bad = await fixture.rest('books?id=between.1')
    expect([bad.status, (await bad.json()).code]).toEqual([400, 'PGRST100'])
    const unknown = await fixture.rest('books?nope=eq.1')
    expect([unknown.status, (await unknown.json()).code]).toEqual([400, '42703'])
  })
})

describe('select', () => {
  it('aliases, casts, JSON paths and the same column twice', async () => {
    const res = await fixture.rest(`books?select=${q('name:title,id::text,price:meta->price->nok,lang:meta->>lang')}&id=eq.1`)
    expect(await res.json()).toEqual([{ name: 'Earthsea', id: '1', price: 199, lang: 'en' }])
    expect(await (await fixture.rest('books?select=id,id,id&id=eq.2')).json()).toEqual([{ id: 2 }])
  })

  it('order on JSON paths and embedded to-one columns, nulls placement', async () => {
    const byPrice = await fixture.rest(`books?select=id&order=${q('meta->price->nok.desc.nullslast,id')}`)
    expect((await byPrice.json()).map((b: { id: number }) => b.id)).toEqual([2, 1, 3, 4])
    const byAuthor = await fixture.rest(`books?select=id,authors!books_author_id_fkey(name)&order=${q('authors(name).desc,id')}`)
    expect((await byAuthor.json()).map((b: { id: number }) => b.id)).toEqual([1, 2, 4, 3])
  })

  it('text after what the grammar reads is ignored, as PostgREST ignores it', async () => {
    expect(await ids(`id=${q('in.(1,2);drop table books')}`)).toEqual([1, 2])
    expect((await fixture.stack.db.query(`select to_regclass('public.books') as t`)).rows[0]).toEqual({ t: 'books' })
  })
})
