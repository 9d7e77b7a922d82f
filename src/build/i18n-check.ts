import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { catalogPath, readCatalog } from './po'
import { rootDir } from './site'

// Checks the translation catalogs: per locale, how many messages, how many missing or fuzzy;
// with --stale, also that the catalogs match the code (extraction would change nothing).
const locales = ['nb', 'en']
const checkStale = process.argv.includes('--stale')
let failed = false

if (checkStale) {
  const before = await Promise.all(locales.map((locale) => readFile(catalogPath(locale), 'utf8')))
  execFileSync('npx', ['lingui', 'extract', '--clean'], { cwd: rootDir, stdio: 'ignore' })
  const after = await Promise.all(locales.map((locale) => readFile(catalogPath(locale), 'utf8')))
  const stale = locales.filter((_, i) => before[i] !== after[i])
  await Promise.all(locales.map((locale, i) => writeFile(catalogPath(locale), before[i] ?? '')))
  if (stale.length > 0) {
    failed = true
    console.error(`Catalogs are stale against the code (${stale.join(', ')}): run npm run i18n:extract and translate.`)
  }
}

console.log('locale  messages  missing  fuzzy')
for (const locale of locales) {
  const messages = await readCatalog(locale)
  const missing = messages.filter((m) => !m.translation?.trim())
  const fuzzy = messages.filter((m) => m.flags?.includes('fuzzy'))
  console.log(`${locale.padEnd(6)}  ${String(messages.length).padStart(8)}  ${String(missing.length).padStart(7)}  ${String(fuzzy.length).padStart(5)}`)
  if (missing.length > 0) {
    failed = true
    for (const m of missing.slice(0, 20)) console.error(`  missing in ${locale}: ${m.context ? `[${m.context}] ` : ''}${m.message ?? m.id}`)
    if (missing.length > 20) console.error(`  … and ${missing.length - 20} more`)
  }
}
// A Norwegian text identical to the English source is a translation forgotten, unless listed.
const allowed = new Set(
  (await readFile(path.join(rootDir, 'locales/same-in-both.txt'), 'utf8'))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
)
const english = new Map((await readCatalog('en')).map((m) => [m.id, m.translation]))
const same = (await readCatalog('nb')).filter(
  (m) => m.translation && m.translation === english.get(m.id) && /\p{L}/u.test(m.translation) && !allowed.has(m.translation),
)
for (const m of same) console.error(`  nb identical to en (translate it, or list it in locales/same-in-both.txt): ${m.translation}`)
if (same.length > 0) failed = true

process.exit(failed ? 1 : 0)
