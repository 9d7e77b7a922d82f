import { expect, type Page, test } from '@playwright/test'
import { builtRoutes } from '../../src/build/built-routes'
import { langs } from '../../src/i18n/lang'
import { showUp } from './visitor'

const allRoutes = builtRoutes()

// Every public page in the pseudo-locale (the build of `npm run build:pseudo`): any visible text,
// label or title that is not pseudolocalized escaped the catalogs. Brand and product names,
// e-mail addresses, URLs, numbers, dates and prices are not translated and pass.

/** Names that stay as they are in every language. */
const untranslated = new Set(
  [
    'Vekstlinje', 'AS', 'LinkedIn', 'Google', 'HubSpot', 'Pipedrive', 'Supabase', 'Stripe', 'Hetzner', 'Cloudflare', 'Inc',
    'Brevo', 'Resend', 'Inter', 'GDPR', 'EU', 'EEA', 'SLA', 'CRM', 'B2B', 'AI', 'NOK', 'kr', 'CET', 'ICP', 'DM', 'DMs', 'Pro',
    'Enterprise', // plan names
    'Tollbugata', 'Oslo', // the company's address
    'Brønnøysundregistrene', // the Norwegian register of companies
  ],
)

/** Legal names of companies, as registered. */
const untranslatedPhrases = [
  'Hetzner Online GmbH',
  'Supabase Inc.',
  'Stripe Payments Europe Ltd.',
  'Sendinblue SAS',
  'Google Ireland Ltd.',
  'LinkedIn Ireland Unlimited Company',
]

/** Pseudolocalization turns every Latin letter but v and x into an accented one; the letters it has
 * no accented form of (æ, ø, å) it leaves as they are. */
const pseudoLetters = new Set('ÀàßƀĆćĎďĒēƑƒĜĝĤĥĨĩĵĴĶķĹĺḾḿŃńŌōƤƥǪǫŔŕŚśŢţŨũŴŵŶŷŹź')
const isPseudo = (word: string) =>
  [...word].every((letter) => pseudoLetters.has(letter) || 'vVxXæøåÆØÅ'.includes(letter))

/** The words of a text that are neither pseudolocalized nor exempt. */
function unlocalizedWords(text: string): string[] {
  const stripped = untranslatedPhrases
    .reduce((rest, phrase) => rest.replaceAll(phrase, ' '), text)
    .replace(/\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g, ' ') // e-mail addresses
    .replace(/\bhttps?:\/\/\S+/g, ' ') // URLs
    .replace(/\b[\w-]+(\.[\w-]+)*\.(no|com|io|eu|dev)\b(\/\S*)?/g, ' ') // domains
  const words = stripped.match(/[\p{L}\p{M}]+/gu) ?? []
  return words.filter((word) => !isPseudo(word) && !untranslated.has(word))
}

interface Escape {
  where: string
  text: string
}

/** Every text node of the page and every text an assistive technology reads or a tooltip shows. */
async function textsOf(page: Page): Promise<Escape[]> {
  return page.evaluate(() => {
    const found: Array<{ where: string; text: string }> = []
    const placeOf = (element: Element) => {
      const id = element.id ? `#${element.id}` : ''
      const section = element.closest('[data-section]')?.getAttribute('data-section')
      return `${element.tagName.toLowerCase()}${id}${section ? ` in ${section}` : ''}`
    }
    // Text marked as another language than the page's (the language switch) is meant as it is.
    const otherLanguage = (element: Element) => element.closest('[lang]') !== document.documentElement
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('script, style, noscript, template') || otherLanguage(parent)) continue
      const text = node.textContent?.trim()
      if (text) found.push({ where: placeOf(parent), text })
    }
    const attributes = ['aria-label', 'aria-description', 'aria-roledescription', 'title', 'alt', 'placeholder']
    for (const element of document.body.querySelectorAll('*')) {
      if (otherLanguage(element)) continue
      for (const name of attributes) {
        const text = element.getAttribute(name)?.trim()
        if (text) found.push({ where: `${placeOf(element)} [${name}]`, text })
      }
      if (element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type) && element.value) {
        found.push({ where: `${placeOf(element)} [value]`, text: element.value })
      }
    }
    if (document.title) found.push({ where: 'document title', text: document.title })
    return found
  })
}

test('the sweep tells pseudolocalized text from text that escaped', () => {
  expect(unlocalizedWords('ßōōķ à ďēḿō ŵĩţĥ Vekstlinje: post@vekstlinje.no, 1 490 NOK')).toEqual([])
  expect(unlocalizedWords('Book a demo')).toEqual(['Book', 'a', 'demo'])
  expect(unlocalizedWords('Ƥŕĩćĩńĝ Søk')).toEqual(['Søk'])
})

const publicRoutes = allRoutes.filter((route) => route.access === 'public')
const notFound = { nb: '/no-such-page', en: '/en/no-such-page' }

// One test per language: its pages one after the other in one browser page, whose cache keeps
// the site's scripts between them; the report lists every escaping text with its page.
for (const lang of langs) {
  test(`every public page in ${lang} is pseudolocalized`, async ({ page }) => {
    const urls = [...publicRoutes.filter((route) => route.lang === lang).map((route) => route.url), notFound[lang]]
    const report: string[] = []
    for (const url of urls) {
      await page.goto(url)
      await showUp(page)
      await page.locator('html[data-hydrated] main').waitFor()
      const texts = await textsOf(page)
      // A form sent empty shows its field errors (no request leaves: the fields are invalid).
      for (const submit of await page.locator('main form [type="submit"]').all()) {
        await submit.click()
        await page.locator('main [aria-invalid="true"]').first().waitFor()
        texts.push(...(await textsOf(page)))

      }
      const seen = new Set<string>()
      for (const entry of texts) {
        const words = unlocalizedWords(entry.text)
        const line = `${url}  ${entry.where}: "${entry.text}" (${words.join(' ')})`
        if (words.length > 0 && !seen.has(line)) report.push(line)
        seen.add(line)
      }
    }
    expect(report, `text not pseudolocalized:\n${report.join('\n')}`).toEqual([])
  })
}
