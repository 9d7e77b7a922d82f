import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatter } from '@lingui/format-po'
import { describe, expect, it } from 'vitest'
import { authMailTexts } from '../../supabase/functions/_shared/auth-mail-texts'

// locales/GLOSSARY.md's "Don't say" column, held against every text a customer reads: both
// languages' site and e-mail catalogs, and the e-mail texts the functions are built with.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const catalogFiles = ['nb', 'en'].flatMap((lang) => ['messages', 'emails'].map((name) => path.join(root, 'locales', lang, `${name}.po`)))

interface Banned {
  word: string
  /** The glossary's row: the term to use instead. */
  term: string
}

/** The banned words, by row: each «…» or “…” in the table's last column. */
function bannedWords(glossary: string): Banned[] {
  const rows = glossary.split('\n').filter((line) => line.startsWith('|') && !/^\|\s*(?:Term|-+)\s*\|/.test(line))
  return rows.flatMap((row) => {
    const cells = row.split('|').slice(1, -1).map((cell) => cell.trim())
    const term = `${cells[1]} / ${cells[2]}`
    return [...(cells.at(-1) ?? '').matchAll(/[«“]([^»”]+)[»”]/g)].map((m) => ({ word: m[1]!, term }))
  })
}

interface Text {
  where: string
  text: string
}

// Placeholders ({email}) and inline elements (<0>) are not words.
const plain = (text: string) => text.replace(/\{\w+\}/g, 'X').replace(/<\/?\d+>/g, '')
const literal = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Each use of a banned word: case-insensitive, at a word's start (its endings count too). */
function bannedUses(texts: Text[], banned: Banned[]): string[] {
  const patterns = banned.map((b) => ({ ...b, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${literal(b.word)}`, 'iu') }))
  return texts.flatMap(({ where, text }) =>
    patterns.filter(({ pattern }) => pattern.test(plain(text))).map(({ word, term }) => `${where}: "${word}" (say ${term}) in: ${text}`),
  )
}

/** The translated texts of PO catalogs, named by file and message (or the e-mail's place). */
async function catalogTexts(files: string[]): Promise<Text[]> {
  const texts: Text[] = []
  for (const file of files) {
    const locale = path.basename(path.dirname(file))
    const parsed = (await formatter().parse(await readFile(file, 'utf8'), { locale, sourceLocale: 'en', filename: file } as never)) as Record<
      string,
      { message?: string; context?: string; translation?: string }
    >
    for (const [id, entry] of Object.entries(parsed)) {
      if (entry.translation) texts.push({ where: `${path.relative(root, file)} [${entry.context ?? entry.message ?? id}]`, text: entry.translation })
    }
  }
  return texts
}

const generatedMailTexts = (): Text[] =>
  Object.entries(authMailTexts).flatMap(([lang, texts]) =>
    Object.entries(texts).map(([place, text]) => ({ where: `auth-mail-texts.ts ${lang} [${place}]`, text: String(text) })),
  )

describe('locales/GLOSSARY.md', async () => {
  const glossary = await readFile(path.join(root, 'locales/GLOSSARY.md'), 'utf8')
  const banned = bannedWords(glossary)

  it('gives each term in both languages, where it is used, and what not to say', () => {
    expect(glossary).toMatch(/^\| Term \| Bokmål \| English \| Where it is used \| Don't say \|$/m)
    const words = banned.map((b) => b.word.toLowerCase())
    for (const word of ['totrinnsinnlogging', 'tofaktorautentisering', 'to-faktor', 'innloggingstjenesten', 'can you not', 'two-factor', 'innloggingskode']) {
      expect(words).toContain(word)
    }
    expect(banned.find((b) => b.word === 'totrinnsinnlogging')?.term).toBe('totrinnsbekreftelse / two-step verification')
    expect(banned.find((b) => b.word === 'innloggingskode')?.term).toBe('koden fra autentiseringsappen / the code from your authenticator app')
    expect(glossary).toMatch(/\| engangskode \| one-time code \|/)
    expect(glossary).toMatch(/\| autentiseringsapp \| authenticator app \|/)
  })

  it('reads every catalog and the generated e-mail texts', async () => {
    const texts = await catalogTexts(catalogFiles)
    for (const file of catalogFiles) expect(texts.filter((t) => t.where.startsWith(path.relative(root, file))).length, file).toBeGreaterThan(20)
    expect(generatedMailTexts().length).toBeGreaterThan(40)
  })

  it('no catalog and no e-mail uses a word it bans', async () => {
    expect(bannedUses([...(await catalogTexts(catalogFiles)), ...generatedMailTexts()], banned)).toEqual([])
  })

  it('fails on a catalog that uses a banned word', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'glossary-'))
    try {
      // The real Norwegian catalog with one text in the old term, and the English e-mails with the old opener.
      const nb = (await readFile(path.join(root, 'locales/nb/messages.po'), 'utf8')).replace(
        'msgstr "Slå på totrinnsbekreftelse"',
        'msgstr "Slå på totrinnsinnlogging"',
      )
      const en = (await readFile(path.join(root, 'locales/en/emails.po'), 'utf8')).replace(/msgstr "Can't open the link\?/, 'msgstr "Can you not open the link?')
      await Promise.all([writeFile(path.join(dir, 'nb.po'), nb), writeFile(path.join(dir, 'en.po'), en)])
      const uses = bannedUses(await catalogTexts([path.join(dir, 'nb.po'), path.join(dir, 'en.po')]), banned)
      expect(uses).toHaveLength(2)
      expect(uses[0]).toMatch(/"totrinnsinnlogging" \(say totrinnsbekreftelse \/ two-step verification\) in: Slå på totrinnsinnlogging$/)
      expect(uses[1]).toMatch(/\[confirmation\.code\]: "Can you not" .* in: Can you not open the link\?/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('matches a word with its endings and in any case, not inside another word', () => {
    const row = (word: string) => ({ word, term: 't' })
    const text = (t: string) => [{ where: 'x', text: t }]
    expect(bannedUses(text('Skriv inn innloggingskoden.'), [row('innloggingskode')])).toHaveLength(1)
    expect(bannedUses(text('Totrinnsinnlogging er på.'), [row('totrinnsinnlogging')])).toHaveLength(1)
    expect(bannedUses(text('Two-Factor sign-in'), [row('two-factor')])).toHaveLength(1)
    expect(bannedUses(text('Send til {email} eller e-postadressen'), [row('email')])).toEqual([])
    expect(bannedUses(text('autoinnloggingskode'), [row('innloggingskode')])).toEqual([])
  })
})
