import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { formatter } from '@lingui/format-po'
import { rootDir } from './site'

export interface PoMessage {
  id: string
  message?: string
  translation?: string
  context?: string
  flags?: string[]
  origin?: Array<[string, number?]>
  comments?: string[]
}

export const catalogPath = (locale: string) => path.join(rootDir, 'locales', locale, 'messages.po')

/** Reads a PO catalog with Lingui's own parser. */
export async function readCatalog(locale: string): Promise<PoMessage[]> {
  const parsed = (await formatter().parse(await readFile(catalogPath(locale), 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename: catalogPath(locale),
  } as never)) as Record<string, Omit<PoMessage, 'id'>>
  return Object.entries(parsed).map(([id, entry]) => ({ id, ...entry }))
}
