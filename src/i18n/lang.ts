export const langs = ['nb', 'en'] as const
export type Lang = (typeof langs)[number]

export const defaultLang: Lang = 'nb'

/** The prefix every English route carries; Norwegian routes have none. */
const englishPrefix = '/en'

export function langFromPath(pathname: string): Lang {
  return pathname === englishPrefix || pathname.startsWith(`${englishPrefix}/`) ? 'en' : 'nb'
}

/** The path without its language prefix: `/en/pricing` → `/pricing`, `/en` → `/`. */
export function stripLang(pathname: string): string {
  if (langFromPath(pathname) === 'nb') return pathname
  const rest = pathname.slice(englishPrefix.length)
  return rest === '' ? '/' : rest
}

/** A language-free path (`/pricing`, `/`) in the given language. */
export function localizePath(path: string, lang: Lang): string {
  if (lang === 'nb') return path
  return path === '/' ? englishPrefix : `${englishPrefix}${path}`
}

export const htmlLang: Record<Lang, string> = { nb: 'nb', en: 'en' }
export const ogLocale: Record<Lang, string> = { nb: 'nb_NO', en: 'en_US' }
export const dateLocale: Record<Lang, string> = { nb: 'nb-NO', en: 'en-US' }
export const otherLang = (lang: Lang): Lang => (lang === 'nb' ? 'en' : 'nb')

/** One value per language, made on first use: a feature's logic for the page's language. */
export function perLang<T>(make: (lang: Lang) => T): (lang: Lang) => T {
  const made = new Map<Lang, T>()
  return (lang) => {
    if (!made.has(lang)) made.set(lang, make(lang))
    return made.get(lang)!
  }
}
