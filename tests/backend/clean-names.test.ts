// The name an account shows (user_metadata.full_name) is cleaned by a trigger on auth.users before
// it is stored, whoever writes it (supabase/migrations/20261127100001_clean_names_invisible.sql):
// no control, format (Cf), line or paragraph separator, Hangul filler or Braille blank character
// anywhere; at most 4 combining marks in a row; no space or mark before the first character, no
// space after the last; at most 100 characters; a name left empty is stored as JSON null.
// Checked here through the local stack as the site writes names (sign-up, PUT /user), and against
// Node's Unicode data over every code point.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, confirmedUser, type LocalStack, STARTUP_TIMEOUT, startTestStack, uniqueEmail } from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

const storedName = async (id: string) =>
  (await stack.db.query<{ name: unknown; kind: string }>("select raw_user_meta_data -> 'full_name' as name, jsonb_typeof(raw_user_meta_data -> 'full_name') as kind from auth.users where id = $1", [id])).rows[0]!

const signUp = async (fullName: string) => {
  const { data, error } = await client(stack).auth.signUp({ email: uniqueEmail('name'), password: 'fjord-Lys-2025', options: { data: { full_name: fullName } } })
  expect(error).toBeNull()
  return data.user!.id
}

/** The rule, written with Node's Unicode data (/\p{…}/u), to compare the database's with. */
const REMOVED = /[\p{Cc}\p{Cf}\u2028\u2029\u115f\u1160\u3164\uffa0\u2800]/u
const MARK = /\p{M}/u
const MAX_MARKS = 4
const CAP = 100

const acutes = (n: number) => '\u0301'.repeat(n)

describe('hostile names come back clean', () => {
  // One of each class the trigger removes, between and around the letters of "Kari Rask".
  const hostile = [
    ' \u00a0\u3000', // leading spaces of any kind
    '\u00adK', // soft hyphen
    'a\u200b\u200c\u200d\u200e\u200f', // zero-width space, non-joiner, joiner; direction marks
    'r\u2060\u2061\u2062\u2063\u2064', // word joiner, invisible operators
    'i\ufeff\u{e0001}\u{e0020}\u{e0041}\u{e007f}', // BOM, language tag, tag characters
    '\u2028 \u2029', // line and paragraph separators
    'R\u115f\u1160\u3164\uffa0\u2800', // Hangul fillers, Braille blank
    'a\u0600\u061c\u202e\u2066', // Arabic number sign, Arabic letter mark, bidi controls (as before)
    's\u0007\u009b\n', // controls (as before)
    'k\u{1d173}\u{13430}', // musical and hieroglyph format controls
    ' \u2003 ', // trailing spaces
  ].join('')

  it('at sign-up', async () => {
    const id = await signUp(hostile)
    expect((await storedName(id)).name).toBe('Kari Rask')
  })

  it('through PUT /auth/v1/user, which answers with the stored name', async () => {
    const { sb, user } = await confirmedUser(stack)
    const { data, error } = await sb.auth.updateUser({ data: { full_name: hostile } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata.full_name).toBe('Kari Rask')
    expect((await storedName(user.id)).name).toBe('Kari Rask')
  })

  it('keeps at most 4 combining marks in a row, and none before the first letter', async () => {
    const { sb } = await confirmedUser(stack)
    const piled = `${acutes(3)}Z${acutes(50)}algo ${'\u0300\u0301\u0302\u0303\u0304\u0305'}`
    const { data } = await sb.auth.updateUser({ data: { full_name: piled } })
    expect(data.user?.user_metadata.full_name).toBe(`Z${acutes(4)}algo \u0300\u0301\u0302\u0303`)
    // Names that need several marks keep them: Vietnamese written decomposed, pointed Hebrew, a
    // Tibetan stack, Hindi with a nukta.
    for (const name of ['Nguye\u0302\u0303n', 'שָׁלוֹם', 'བསྒྲུབས', 'ज़िंदगी', 'Åse Ødegård-Ñúñez محمد']) {
      const { data: kept } = await sb.auth.updateUser({ data: { full_name: name } })
      expect(kept.user?.user_metadata.full_name).toBe(name)
    }
  })

  it('a 20,000-character name is stored at 100 characters', async () => {
    const long = `Kari ${'Nordmann-'.repeat(2222)}`
    expect(long.length).toBeGreaterThanOrEqual(20_000)
    const id = await signUp(long)
    expect((await storedName(id)).name).toBe(long.slice(0, CAP))
    const { sb, user } = await confirmedUser(stack)
    const { data } = await sb.auth.updateUser({ data: { full_name: 'x'.repeat(20_000) } })
    expect(data.user?.user_metadata.full_name).toBe('x'.repeat(CAP))
    expect((await storedName(user.id)).name).toBe('x'.repeat(CAP))
    // The cap counts characters (code points), and a space the cut leaves at the end goes.
    const { data: emoji } = await sb.auth.updateUser({ data: { full_name: `${'😀'.repeat(99)} xyz` } })
    expect(emoji.user?.user_metadata.full_name).toBe('😀'.repeat(99))
  })

  it('a name of only invisible characters is stored as null, at sign-up and by PUT /user', async () => {
    const invisible = ' \u200b\u200d\u2060\ufeff\u00ad\u3164\u115f\u2800\u{e0041}\u2028\u202e\u0301\u0301 '
    const id = await signUp(invisible)
    expect(await storedName(id)).toEqual({ name: null, kind: 'null' })
    const { sb, user } = await confirmedUser(stack)
    const { data } = await sb.auth.updateUser({ data: { full_name: '\u3164' } })
    expect(data.user?.user_metadata.full_name).toBeNull()
    expect(await storedName(user.id)).toEqual({ name: null, kind: 'null' })
    // Another key of the metadata changes nothing about the rest.
    const { data: again } = await sb.auth.updateUser({ data: { lang: 'en' } })
    expect(again.user?.user_metadata).toMatchObject({ full_name: null, lang: 'en' })
  })
})

describe('the trigger against Node’s Unicode data, every code point', () => {
  it('removes exactly Cc, Cf and the listed blanks, and cuts runs of exactly the marks (\\p{M})', async () => {
    // Each code point c in a segment "|a" + c×5, 14 segments and a closing "|" to a name (99
    // characters: under the cap, nothing to trim). Expected of each segment: "|a" when c is
    // removed, "|a" + c×4 when c is a mark, the segment unchanged otherwise.
    const PER_ROW = 14
    const rows = await stack.db.transaction(async (tx) => {
      await tx.query('create temporary table names (raw_user_meta_data jsonb) on commit drop')
      await tx.query('create trigger clean_full_name before insert on names for each row execute function public.clean_full_name()')
      await tx.query(
        `insert into names
         select jsonb_build_object('cps', array_agg(cp order by cp),
                                   'full_name', string_agg('|a' || repeat(chr(cp), 5), '' order by cp) || '|')
         from generate_series(1, 1114111) cp where cp not between 55296 and 57343
         group by (cp - 1) / ${PER_ROW}`,
      )
      return (await tx.query<{ cps: number[]; name: string }>("select raw_user_meta_data -> 'cps' as cps, raw_user_meta_data ->> 'full_name' as name from names")).rows
    })
    expect(rows.length).toBeGreaterThan(79_000)
    const wrong: string[] = []
    for (const { cps, name } of rows) {
      const expected = `${cps
        .map((cp) => {
          const c = String.fromCodePoint(cp)
          return `|a${REMOVED.test(c) ? '' : c.repeat(MARK.test(c) ? MAX_MARKS : 5)}`
        })
        .join('')}|`
      if (name !== expected) {
        for (const cp of cps) {
          const c = String.fromCodePoint(cp)
          const segment = `|a${REMOVED.test(c) ? '' : c.repeat(MARK.test(c) ? MAX_MARKS : 5)}|`
          if (!name.includes(segment)) wrong.push(`U+${cp.toString(16).toUpperCase().padStart(4, '0')}`)
        }
        if (wrong.length === 0) wrong.push(`row from U+${cps[0]!.toString(16)}: ${JSON.stringify(name)}`)
      }
    }
    expect(wrong.slice(0, 50)).toEqual([])
  }, 600_000)
})
