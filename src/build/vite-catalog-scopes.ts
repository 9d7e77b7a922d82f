import path from 'node:path'
import { createCompiledCatalog, createMissingErrorMessage, getCatalogForFile, getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Plugin } from 'vite'
import type { CatalogScope } from '../i18n/scopes.ts'
import { type ScopePlan, scopePlan } from './message-scopes.ts'

/** Compiles `locales/<locale>/messages.po?scope=<scope>` into the messages of one scope, from the
 * same PO files and with the same missing-translation rule as Lingui's own Vite plugin.
 * `&pseudo` compiles them pseudolocalized (Lingui's pseudolocalization): the pseudo-locale is a
 * catalog for development and the pseudo build, never a language of routes. */
const pseudoLocale = 'pseudo'

export function linguiCatalogScopes({ failOnMissing }: { failOnMissing: boolean }): Plugin {
  const config = getConfig({ cwd: process.cwd() })
  const rootDir = config.rootDir ?? process.cwd()
  // Derived from the route records and the imports once per build, and again when a source changes.
  let plan: ScopePlan | undefined
  return {
    name: 'lingui-catalog-scopes',
    enforce: 'pre',
    buildStart() {
      plan = undefined
    },
    watchChange(id) {
      if (/\.(ts|tsx)$/.test(id)) plan = undefined
    },
    async transform(_source, id) {
      const [file, query] = id.split('?')
      if (!file?.endsWith('.po') || !query) return
      const params = new URLSearchParams(query)
      const scope = params.get('scope') as CatalogScope | null
      if (!scope) return
      const pseudo = params.has('pseudo')
      const relative = path.relative(rootDir, file)
      const found = getCatalogForFile(relative, await getCatalogs(config))
      if (!found) throw new Error(`${relative} is not a catalog of lingui.config.ts`)
      const { locale, catalog } = found
      this.addWatchFile(file)
      const { messages, missing } = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales ?? {},
        sourceLocale: config.sourceLocale ?? 'en',
      } as never)
      if (failOnMissing && missing.length > 0) throw new Error(createMissingErrorMessage(locale, missing, 'loader'))
      // Origins come from the catalog itself (every locale's PO records them).
      const entries = await catalog.read(locale)
      plan ??= scopePlan(rootDir)
      const { scopesOfMessage } = plan
      const inScope = Object.fromEntries(
        Object.entries(messages).filter(([messageId]) => {
          const origins = entries?.[messageId]?.origin ?? []
          return scopesOfMessage(messageId, origins.map(([originFile]) => originFile)).includes(scope)
        }),
      )
      const { source, errors } = pseudo
        ? createCompiledCatalog(pseudoLocale, inScope, { namespace: 'es', pseudoLocale })
        : createCompiledCatalog(locale, inScope, { namespace: 'es' })
      if (errors.length > 0) throw new Error(`Catalog ${locale}/${scope} has messages that do not compile`)
      return { code: source, map: null }
    },
  }
}
