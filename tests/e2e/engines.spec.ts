import { expect, test } from '@playwright/test'
import { type Engine, launchFirefox, launchWebKit } from './engines'
import { asServiceRole, confirmEmailLink, emailLinkIn, latestMailTo, stackUrl, uniqueEmail } from './stack'
import { canSignIn, confirmedUser } from './stack-users'

// The journeys that must work in every engine, in Firefox ESR and in WebKit (Safari's engine): the
// visitor types and taps the moment the page shows, with the app's modules held back until the
// visitor is done, so that each action surely comes before the app runs. Each journey runs in one
// language per engine, the other language in the other engine.

type Lang = 'nb' | 'en'
const prefixOf = (lang: Lang) => (lang === 'en' ? '/en' : '')
const say = (lang: Lang, nb: string, en: string) => (lang === 'en' ? en : nb)

const mailsTo = async (address: string) =>
  ((await (await fetch(`${stackUrl}/mailbox.json`)).json()) as Array<{ to: string; links: string[] }>).filter((mail) => mail.to === address)

const journeys: Record<string, (engine: Engine, lang: Lang) => Promise<void>> = {
  'sign-in typed at once': async (engine, lang) => {
    const { email, password } = await confirmedUser(`${engine.name}-login`)
    await engine.open(`${prefixOf(lang)}/login`, { hold: true })
    await engine.type('#email', email)
    await engine.type('#password', password)
    await engine.pressEnter('#password')
    await engine.release()
    await engine.until(`location.pathname === '${prefixOf(lang)}/app'`)
    expect(await engine.read<string>('location.search')).toBe('')
  },
  'registration typed at once': async (engine, lang) => {
    const email = uniqueEmail(`${engine.name}-register`)
    const password = 'tidlig-Fjell-7'
    await engine.open(`${prefixOf(lang)}/register`, { hold: true })
    await engine.type('#fullName', 'Ola Tidlig')
    await engine.type('#email', email)
    await engine.type('#password', password)
    await engine.tap('form button[type="submit"]')
    await engine.release()
    await engine.until(`location.pathname === '${prefixOf(lang)}/login'`)
    await confirmEmailLink(emailLinkIn(await latestMailTo(email)))
    expect(await canSignIn(email, password)).toBe(true)
  },
  'reset request typed at once': async (engine, lang) => {
    const { email } = await confirmedUser(`${engine.name}-forgot`)
    await engine.open(`${prefixOf(lang)}/forgot-password`, { hold: true })
    await engine.type('#email', email)
    await engine.tap('form button[type="submit"]')
    await engine.release()
    await engine.until(`[...document.querySelectorAll('[role="status"]')].some((e) => e.textContent.includes(${JSON.stringify(email)}))`)
    await expect.poll(async () => (await mailsTo(email)).filter((mail) => mail.links.some((link) => link.includes('type=recovery')))).toHaveLength(1)
  },
  'demo form typed at once': async (engine, lang) => {
    const email = uniqueEmail(`${engine.name}-demo`)
    await engine.open(`${prefixOf(lang)}/demo`, { hold: true })
    await engine.type('#demo-name', 'Kari Rask')
    await engine.type('#demo-email', email)
    await engine.select('#demo-need', 'content')
    await engine.type('#demo-notes', 'Vi vil ha flere møter.')
    await engine.tap('#demo-form button[type="submit"]')
    await engine.release()
    await expect
      .poll(async () => (await asServiceRole('GET', `demo_requests?select=name,need,notes&email=eq.${encodeURIComponent(email)}`)) as unknown[], { timeout: 20_000 })
      .toEqual([{ name: 'Kari Rask', need: 'content', notes: 'Vi vil ha flere møter.' }])
    await engine.until(`document.getElementById('demo-name').value === ''`)
  },
  'the mobile menu at the first tap': async (engine, lang) => {
    await engine.open(lang === 'en' ? '/en' : '/', { hold: true })
    await engine.tap('#mobile-menu-trigger')
    await engine.release()
    await engine.until(`document.documentElement.hasAttribute('data-hydrated')`)
    await engine.until(`document.getElementById('mobile-menu-trigger').getAttribute('aria-expanded') === 'true'`)
    expect(await engine.read<boolean>(`document.getElementById('mobile-menu').hidden`)).toBe(false)
  },
  'Google at the first tap': async (engine, lang) => {
    await engine.open(`${prefixOf(lang)}/login`, { hold: true })
    await engine.tap('button[type="button"]', say(lang, 'Fortsett med Google', 'Continue with Google'))
    await engine.release()
    await engine.until(`location.pathname === '/auth/v1/local-google'`)
  },
  'LinkedIn at the first tap': async (engine, lang) => {
    await engine.open(`${prefixOf(lang)}/register`, { hold: true })
    await engine.tap('button[type="button"]', say(lang, 'Registrer deg med LinkedIn', 'Sign up with LinkedIn'))
    await engine.release()
    await engine.until(`location.pathname === '/auth/v1/local-linkedin'`)
  },
}

const engines = {
  firefox: { launch: launchFirefox, first: 'nb' as Lang },
  webkit: { launch: launchWebKit, first: 'en' as Lang },
}

for (const [name, { launch, first }] of Object.entries(engines)) {
  test.describe(`${name}: at once, as the page shows`, () => {
    test.describe.configure({ mode: 'serial' })
    let engine: Engine

    test.beforeAll(async ({ baseURL }) => {
      // A phone's width (WebKit's window is at least 447 px).
      engine = await launch(baseURL!, { width: 450, height: 900 })
    })
    test.afterAll(() => engine?.close())
    test.afterEach(async () => {
      // Every journey starts signed out.
      await engine.read('localStorage.clear()').catch(() => {})
    })

    Object.entries(journeys).forEach(([title, journey], index) => {
      const lang: Lang = index % 2 === 0 ? first : first === 'nb' ? 'en' : 'nb'
      test(`${lang}: ${title}`, async () => {
        test.setTimeout(60_000)
        await journey(engine, lang)
      })
    })
  })
}
