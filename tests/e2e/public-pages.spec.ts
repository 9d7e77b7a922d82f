import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { builtHref, builtRoutes, type RouteKey } from '../../src/build/built-routes'
import type { Lang } from '../../src/i18n/lang'
import { watchConsole } from './console'
import { showUp } from './visitor'

const allRoutes = builtRoutes()

// The marketing pages in both languages: structure, behaviour, links, accessibility, keyboard.

const langs: Lang[] = ['nb', 'en']

const text = {
  nb: {
    seeHow: 'Se hvordan det fungerer',
    steps: ['Kundeprofil (ICP) og posisjonering', 'Innhold og ghostwriting', 'Oppsøkende dialog og DM-er', 'Kvalifiserte overleveringer'],
    heroCard: 'Arbeidsflate for oppsøkende dialog',
    pause: 'Sett animasjonen på pause',
    play: 'Spill av animasjonen',
  },
  en: {
    seeHow: 'See how it works',
    steps: ['ICP and positioning', 'Content and ghostwriting', 'Outreach and DMs', 'Qualified handoffs'],
    heroCard: 'Outreach workspace',
    pause: 'Pause animation',
    play: 'Play animation',
  },
} as const

/** Each page's sections in order (`intro` is the page opening) and what they hold. */
const structure: Record<'home' | 'pricing' | 'useCases' | 'help' | 'docs', { sections: string[]; counts: Record<string, number> }> = {
  home: {
    sections: ['hero', 'how-it-works', 'features', 'how-we-operate', 'why-us', 'closing-cta'],
    counts: {
      '#how-it-works [data-part="trigger"]': 4,
      '[data-item="feature"]': 6,
      '[data-item="pill"]': 6,
      '[data-item="reason"]': 6,
      '[data-item="badge"]': 3,
    },
  },
  pricing: {
    sections: ['intro', 'pricing-plan', 'faq'],
    counts: { '[data-item="plan-feature"]': 9, '[data-scope="faq"] [data-part="trigger"]': 5 },
  },
  useCases: {
    sections: ['intro', 'audiences', 'growth-teaser', 'closing-cta'],
    counts: { '[data-item="audience"]': 4 },
  },
  help: {
    sections: ['intro', 'help'],
    counts: { '[data-scope="faq"] [data-part="trigger"]': 4, '[data-section="contact"]': 1 },
  },
  docs: {
    sections: ['intro', 'overview'],
    counts: {
      '[data-section="what-we-do"]': 1,
      '[data-section="phases"] [data-item="phase"]': 4,
      '[data-section="what-you-get"]': 1,
      '[data-section="who-it-is-for"]': 1,
      '[data-section="why-choose-us"]': 1,
      '[data-section="contact"]': 1,
    },
  },
}
const myPages = Object.keys(structure) as Array<keyof typeof structure>

/** Brings an island into view and waits until it has hydrated (it does when seen). */
async function hydrateIsland(page: Page, name: string) {
  await page.locator(`[data-island="${name}"] > *`).first().scrollIntoViewIfNeeded()
  await page.locator(`[data-island="${name}"][data-hydrated]`).waitFor({ state: 'attached' })
}

async function open(page: Page, key: RouteKey, lang: Lang) {
  await page.goto(builtHref(key, lang, allRoutes))
  await showUp(page)
  // Hydrated: the machines run once the app has mounted.
  await page.locator('html[data-hydrated]').waitFor()
  await page.waitForLoadState('networkidle')
}

for (const lang of langs) {
  test.describe(`public pages in ${lang}`, () => {
    for (const key of myPages) {
      test(`${builtHref(key, lang, allRoutes)}: sections in order and their counts`, async ({ page }) => {
        const problems = watchConsole(page)
        await open(page, key, lang)
        const sections = await page
          .locator('main > [data-island] > section, main > [data-island] > [data-island] > section')
          .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section') ?? 'intro'))
        expect(sections).toEqual(structure[key].sections)
        for (const [selector, count] of Object.entries(structure[key].counts)) {
          await expect(page.locator(`main ${selector}`), selector).toHaveCount(count)
        }
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
        expect(problems).toEqual([])
      })

      test(`${builtHref(key, lang, allRoutes)}: no accessibility violations`, async ({ page }) => {
        await open(page, key, lang)
        const results = await new AxeBuilder({ page }).analyze()
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
      })
    }

    test('pages that book a demo link to the demo route', async ({ page }) => {
      for (const key of ['home', 'useCases', 'pricing', 'docs'] as const) {
        await open(page, key, lang)
        expect(await page.locator(`main a[href="${builtHref('demo', lang, allRoutes)}"]`).count(), key).toBeGreaterThan(0)
      }
    })

    test('the secondary hero button scrolls to how it works', async ({ page }) => {
      await open(page, 'home', lang)
      const target = page.locator('#how-it-works')
      await expect(target).not.toBeInViewport()
      await page.getByRole('link', { name: text[lang].seeHow }).click()
      await expect(page).toHaveURL(/#how-it-works$/)
      await expect(target).toBeInViewport()
    })

    test('clicking a step makes it active and fills the progress bar', async ({ page }) => {
      await open(page, 'home', lang)
      await hydrateIsland(page, 'landing')
      const section = page.locator('#how-it-works')
      const progress = section.getByRole('progressbar')
      await expect(progress).toHaveAttribute('aria-valuenow', /[1-4]/)
      for (const [index, name] of [2, 0, 3, 1].map((i) => [i, text[lang].steps[i]!] as const)) {
        await section.getByRole('button', { name }).click()
        await expect(section.getByRole('button', { name })).toHaveAttribute('aria-current', 'step')
        await expect(section.locator('[aria-current="step"]')).toHaveCount(1)
        await expect(progress).toHaveAttribute('aria-valuenow', String(index + 1))
        const fill = await progress.evaluate((bar) => {
          const inner = bar.firstElementChild as HTMLElement
          return inner.style.width
        })
        expect(fill).toBe(`${(index + 1) * 25}%`)
      }
    })

    test('the FAQ accordion keeps at most one answer open', async ({ page }) => {
      await open(page, 'pricing', lang)
      const triggers = page.locator('[data-scope="faq"] button[aria-controls]')
      const expanded = page.locator('[data-scope="faq"] button[aria-expanded="true"]')
      await expect(expanded).toHaveCount(0)
      await triggers.nth(0).click()
      await expect(expanded).toHaveCount(1)
      await expect(page.locator('[data-scope="faq"]').getByRole('region')).toHaveCount(1)
      await triggers.nth(3).click()
      await expect(expanded).toHaveCount(1)
      await expect(triggers.nth(3)).toHaveAttribute('aria-expanded', 'true')
      await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'false')
      await triggers.nth(3).click()
      await expect(expanded).toHaveCount(0)
      await expect(page.locator('[data-scope="faq"]').getByRole('region')).toHaveCount(0)
    })

    test('the FAQ accordion works with the keyboard alone', async ({ page }) => {
      await open(page, 'help', lang)
      const triggers = page.locator('[data-scope="faq"] button[aria-controls]')
      // Tab from the page's heading to the first question.
      await page.getByRole('heading', { level: 1 }).evaluate((h) => {
        h.setAttribute('tabindex', '-1')
        ;(h as HTMLElement).focus()
      })
      for (let i = 0; i < 5 && !(await triggers.nth(0).evaluate((b) => b === document.activeElement)); i++) {
        await page.keyboard.press('Tab')
      }
      await expect(triggers.nth(0)).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'true')
      await page.keyboard.press('ArrowDown')
      await expect(triggers.nth(1)).toBeFocused()
      await page.keyboard.press('Space')
      await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'true')
      await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'false')
      await page.keyboard.press('End')
      await expect(triggers.nth(3)).toBeFocused()
      await page.keyboard.press('Home')
      await expect(triggers.nth(0)).toBeFocused()
      await page.keyboard.press('ArrowUp')
      await expect(triggers.nth(3)).toBeFocused()
    })

    test('the steps work with the keyboard alone', async ({ page }) => {
      await page.clock.install()
      await open(page, 'home', lang)
      await page.getByRole('link', { name: text[lang].seeHow }).focus()
      const section = page.locator('#how-it-works')
      const first = section.getByRole('button', { name: text[lang].steps[0] })
      for (let i = 0; i < 4 && !(await first.evaluate((b) => b === document.activeElement)); i++) {
        await page.keyboard.press('Tab')
      }
      await expect(first).toBeFocused()
      // Focus scrolled the steps into view: they hydrate, and keep the focus.
      await page.locator('[data-island="landing"][data-hydrated]').waitFor({ state: 'attached' })
      await expect(first).toBeFocused()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await expect(section.getByRole('button', { name: text[lang].steps[1] })).toHaveAttribute('aria-current', 'step')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Space')
      await expect(section.getByRole('button', { name: text[lang].steps[2] })).toHaveAttribute('aria-current', 'step')
      // While a step has focus the active step stays put.
      await page.clock.runFor(12_000)
      await expect(section.getByRole('button', { name: text[lang].steps[2] })).toHaveAttribute('aria-current', 'step')
    })
  })
}

test.describe('the hero card', () => {
  for (const lang of langs) {
    test(`cycles every 4000 ms and can be paused (${lang})`, async ({ page }) => {
      await page.clock.install()
      await open(page, 'home', lang)
      const card = page.getByRole('figure', { name: text[lang].heroCard })
      await expect(card).toHaveAttribute('data-state', 'playing')
      await expect(card).toHaveAttribute('data-step', '0')
      await page.clock.runFor(4000)
      await expect(card).toHaveAttribute('data-step', '1')
      await page.clock.runFor(4000)
      await expect(card).toHaveAttribute('data-step', '2')
      await page.clock.runFor(4000)
      await expect(card).toHaveAttribute('data-step', '0')
      await card.getByRole('button', { name: text[lang].pause }).click()
      await page.clock.runFor(12_000)
      await expect(card).toHaveAttribute('data-step', '0')
      await expect(card.getByRole('button', { name: text[lang].play })).toBeVisible()
    })

    test(`does not change under reduced motion (${lang})`, async ({ browser }) => {
      const context = await browser.newContext({ reducedMotion: 'reduce' })
      const page = await context.newPage()
      await page.clock.install()
      await open(page, 'home', lang)
      const card = page.getByRole('figure', { name: text[lang].heroCard })
      await expect(card).toHaveAttribute('data-state', 'static')
      const before = await card.textContent()
      await page.clock.runFor(20_000)
      await expect(card).toHaveAttribute('data-step', '0')
      expect(await card.textContent()).toBe(before)
      await expect(card.getByRole('button')).toHaveCount(0)
      // The steps do not advance either.
      const progress = page.locator('#how-it-works').getByRole('progressbar')
      await expect(progress).toHaveAttribute('aria-valuenow', '1')
      await context.close()
    })
  }
})

test('every internal link on every public page leads to a page, not the 404 page', async ({ page, request }) => {
  test.setTimeout(120_000)
  const publicRoutes = allRoutes.filter((route) => route.access === 'public')
  const targets = new Map<string, string>()
  for (const route of publicRoutes) {
    await page.goto(route.url)
    const hrefs = await page.locator('a[href^="/"], a[href^="#"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
    for (const link of hrefs) {
      const url = new URL(link, `http://site${route.url}`)
      if (url.hash.length > 1 && url.pathname === route.url) {
        // An anchor on the same page must exist.
        await expect(page.locator(url.hash), `${route.url} → ${link}`).toHaveCount(1)
      }
      targets.set(url.pathname, route.url)
    }
  }
  for (const [target, from] of targets) {
    const response = await request.get(target)
    expect(response.status(), `${from} links to ${target}`).toBe(200)
    expect(await response.text(), `${from} links to ${target}`).not.toMatch(/Oops!|Oi! Vi fant ikke siden/)
  }
})
