import { type I18n, type Messages, setupI18n } from '@lingui/core'
import type { Lang } from './lang'
import type { CatalogScope } from './scopes'

type Load = () => Promise<{ messages: Messages }>

// One small chunk per language and scope; a page loads `core` and its own scope.
const catalogs: Record<Lang, Record<Exclude<CatalogScope, 'meta'>, Load>> = {
  nb: {
    core: () => import('../../locales/nb/messages.po?scope=core'),
    home: () => import('../../locales/nb/messages.po?scope=home'),
    landing: () => import('../../locales/nb/messages.po?scope=landing'),
    footer: () => import('../../locales/nb/messages.po?scope=footer'),
    pages: () => import('../../locales/nb/messages.po?scope=pages'),
    legal: () => import('../../locales/nb/messages.po?scope=legal'),
    account: () => import('../../locales/nb/messages.po?scope=account'),
    link: () => import('../../locales/nb/messages.po?scope=link'),
    notFound: () => import('../../locales/nb/messages.po?scope=notFound'),
  },
  en: {
    core: () => import('../../locales/en/messages.po?scope=core'),
    home: () => import('../../locales/en/messages.po?scope=home'),
    landing: () => import('../../locales/en/messages.po?scope=landing'),
    footer: () => import('../../locales/en/messages.po?scope=footer'),
    pages: () => import('../../locales/en/messages.po?scope=pages'),
    legal: () => import('../../locales/en/messages.po?scope=legal'),
    account: () => import('../../locales/en/messages.po?scope=account'),
    link: () => import('../../locales/en/messages.po?scope=link'),
    notFound: () => import('../../locales/en/messages.po?scope=notFound'),
  },
}

// The `meta` scope (meta descriptions) is the prerenderer's only: client bundles hold no trace of it.
const metaCatalogs: Record<Lang, Load> | undefined = import.meta.env.SSR
  ? {
      nb: () => import('../../locales/nb/messages.po?scope=meta'),
      en: () => import('../../locales/en/messages.po?scope=meta'),
    }
  : undefined

// The pseudo-locale: the source (English) catalog pseudolocalized, so that any text that escapes
// the catalogs stands out. Development and the `pseudo` build mode only; production bundles
// drop this branch, its chunks included.
const pseudoCatalogs: Record<CatalogScope, Load> | undefined =
  import.meta.env.DEV || import.meta.env.MODE === 'pseudo'
    ? {
        core: () => import('../../locales/en/messages.po?scope=core&pseudo'),
        home: () => import('../../locales/en/messages.po?scope=home&pseudo'),
        landing: () => import('../../locales/en/messages.po?scope=landing&pseudo'),
        footer: () => import('../../locales/en/messages.po?scope=footer&pseudo'),
        pages: () => import('../../locales/en/messages.po?scope=pages&pseudo'),
        legal: () => import('../../locales/en/messages.po?scope=legal&pseudo'),
        account: () => import('../../locales/en/messages.po?scope=account&pseudo'),
        link: () => import('../../locales/en/messages.po?scope=link&pseudo'),
        notFound: () => import('../../locales/en/messages.po?scope=notFound&pseudo'),
        meta: () => import('../../locales/en/messages.po?scope=meta&pseudo'),
      }
    : undefined

const loadedScopes = new WeakMap<I18n, Set<CatalogScope>>()
const pseudoInstances = new WeakSet<I18n>()

/** Creates the page's i18n instance with the `core` messages and the given scopes. With `pseudo`
 * (development and the pseudo build only), its messages are the pseudo-locale's; its locale stays
 * the route's language, which links, dates and numbers follow. */
export async function createI18n(
  lang: Lang,
  scopes: readonly CatalogScope[] = [],
  { pseudo = false }: { pseudo?: boolean } = {},
): Promise<I18n> {
  const i18n = setupI18n({ locale: lang, messages: { [lang]: {} } })
  loadedScopes.set(i18n, new Set())
  if (pseudo && pseudoCatalogs) pseudoInstances.add(i18n)
  await loadScopes(i18n, ['core', ...scopes])
  return i18n
}

/** Adds the messages of scopes not loaded yet (before a page of another scope renders). */
export async function loadScopes(i18n: I18n, scopes: readonly CatalogScope[]): Promise<void> {
  const lang = i18n.locale as Lang
  const loaded = loadedScopes.get(i18n) ?? new Set()
  const missing = [...new Set(scopes)].filter((scope) => !loaded.has(scope))
  if (missing.length === 0) return
  const catalogsLoaded = await Promise.all(missing.map((scope) => catalogOf(i18n, scope)()))
  for (const [index, scope] of missing.entries()) {
    i18n.load(lang, catalogsLoaded[index]!.messages)
    loaded.add(scope)
  }
  loadedScopes.set(i18n, loaded)
}

function catalogOf(i18n: I18n, scope: CatalogScope): Load {
  if (pseudoCatalogs && pseudoInstances.has(i18n)) return pseudoCatalogs[scope]
  const lang = i18n.locale as Lang
  // (Only the prerenderer asks for `meta`.)
  return scope === 'meta' ? metaCatalogs![lang] : catalogs[lang][scope]
}

/** A separate instance for a part of the page with its own scope: the page's messages plus the
 * scope's. Loading them into the page's instance would re-render the whole page (and undo the
 * prerendered HTML of parts not hydrated yet); a message missing here is reported to the page's
 * instance, as if it were missing there. */
export async function createScopedI18n(page: I18n, scope: CatalogScope): Promise<I18n> {
  const lang = page.locale as Lang
  const { messages } = await catalogOf(page, scope)()
  const scoped = setupI18n({ locale: lang, messages: { [lang]: { ...page.messages, ...messages } } })
  if (pseudoInstances.has(page)) pseudoInstances.add(scoped)
  loadedScopes.set(scoped, new Set([...(loadedScopes.get(page) ?? []), scope]))
  scoped.on('missing', (event) => page.emit('missing', event))
  return scoped
}

/** For tests and tools: one instance with every scope's messages, synchronously. */
export function createI18nWith(lang: Lang, messages: Messages): I18n {
  return setupI18n({ locale: lang, messages: { [lang]: messages } })
}

export const hasScope = (i18n: I18n, scope: CatalogScope) => loadedScopes.get(i18n)?.has(scope) ?? false
