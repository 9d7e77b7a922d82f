/**
 * Prints the word count of each legal text in each language, read from the PO catalogs.
 * A message counts towards a document when the document's module is among its origins.
 * Run: npx tsx src/build/legal-word-count.ts
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { postalAddress } from '../features/legal/company-facts'
import { company } from '../lib/company'
import { rootDir } from './site'

const documents = {
  privacy: 'Privacy policy',
  terms: 'Terms of service',
  cookies: 'Cookie policy',
  dpa: 'Data processing agreement',
  security: 'Security and subprocessors',
} as const
type DocKey = keyof typeof documents

interface Entry {
  origins: string[]
  msgid: string
  msgstr: string
}

/** Reads a PO file's entries (origins, msgid, msgstr), joining continued string lines. */
function readCatalog(file: string): Entry[] {
  const unquote = (line: string) => JSON.parse(line.slice(line.indexOf('"'))) as string
  return readFileSync(file, 'utf8')
    .split(/\n\s*\n/)
    .map((block) => {
      const entry: Entry = { origins: [], msgid: '', msgstr: '' }
      let field: 'msgid' | 'msgstr' | undefined
      for (const line of block.split('\n')) {
        if (line.startsWith('#: ')) {
          entry.origins.push(...line.slice(3).split(' '))
        } else if (line.startsWith('msgid ') || line.startsWith('msgstr ')) {
          field = line.startsWith('msgid ') ? 'msgid' : 'msgstr'
          entry[field] = unquote(line)
        } else if (line.startsWith('"') && field) {
          entry[field] += unquote(line)
        } else if (line.startsWith('msgctxt ')) {
          field = undefined
        }
      }
      return entry
    })
    .filter((entry) => entry.msgid !== '')
}

const placeholders: Record<string, string> = { ...company, postalAddress } as unknown as Record<string, string>

function words(message: string): number {
  const text = message
    .replace(/<\/?\d+>/g, '')
    .replace(/\{(\w+)\}/g, (_, name: string) => String(placeholders[name] ?? name))
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length
}

const counts = (['en', 'nb'] as const).map((lang) => {
  const entries = readCatalog(path.join(rootDir, 'locales', lang, 'messages.po'))
  const perDoc = {} as Record<DocKey, number>
  for (const key of Object.keys(documents) as DocKey[]) {
    const origin = `src/features/legal/${key}.tsx`
    perDoc[key] = entries
      .filter((entry) => entry.origins.includes(origin))
      .reduce((sum, entry) => sum + words(lang === 'en' ? entry.msgid : entry.msgstr), 0)
  }
  return { lang, perDoc }
})

const [en, nb] = counts as [(typeof counts)[number], (typeof counts)[number]]
console.log(`${'Document'.padEnd(30)}${'English'.padStart(9)}${'Norwegian'.padStart(11)}`)
for (const key of Object.keys(documents) as DocKey[]) {
  console.log(`${documents[key].padEnd(30)}${String(en.perDoc[key]).padStart(9)}${String(nb.perDoc[key]).padStart(11)}`)
}
