import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { watchConsole } from './console'
import { asServiceRole, open as openHydrated, uniqueEmail } from './stack'

const texts = {
  nb: {
    path: '/demo',
    name: 'Fullt navn',
    email: 'E-post',
    company: /^Firmanavn/,
    linkedin: /^LinkedIn-profil/,
    need: 'Hva trenger du hjelp med?',
    notes: /^Tilleggsinformasjon/,
    needOption: 'Leadgenerering',
    submit: 'Book demo',
    thanks: ['Takk!', 'Vi tar kontakt innen 24 timer.'],
    failed: ['Kunne ikke sende forespørselen', 'Kunne ikke sende forespørselen. Prøv igjen om litt.'],
    botCheckRefused: 'Vi fikk ikke bekreftet at du er et menneske. Vent noen sekunder og prøv igjen.',
    nameRequired: 'Skriv inn fullt navn.',
    emailInvalid: 'Skriv inn en gyldig e-postadresse, for eksempel ola@firma.no.',
    linkedinInvalid: 'Skriv inn en LinkedIn-lenke, for eksempel linkedin.com/in/ditt-navn.',
    needRequired: 'Velg hva du trenger hjelp med.',
    notifications: 'Varsler',
  },
  en: {
    path: '/en/demo',
    name: 'Full name',
    email: 'E-mail',
    company: /^Company name/,
    linkedin: /^LinkedIn profile/,
    need: 'What do you need help with?',
    notes: /^Additional info/,
    needOption: 'Lead Generation',
    submit: 'Book demo',
    thanks: ['Thanks!', "We'll reach out within 24 hours."],
    failed: ['Could not send request', 'Could not send the request. Please try again later.'],
    botCheckRefused: "We couldn't verify that you're human. Wait a few seconds and try again.",
    nameRequired: 'Please enter your full name.',
    emailInvalid: 'Please enter a valid e-mail address, such as ola@company.no.',
    linkedinInvalid: 'Please enter a LinkedIn link, such as linkedin.com/in/your-name.',
    needRequired: 'Please choose what you need help with.',
    notifications: 'Notifications',
  },
} as const

type Lang = keyof typeof texts

const form = (page: Page) => page.locator('#demo-form')

async function fillValid(page: Page, lang: Lang, email: string) {
  const t = texts[lang]
  await page.getByLabel(t.name, { exact: true }).fill('Åse Ødegård')
  await page.getByLabel(t.email, { exact: true }).fill(email)
  await page.getByLabel(t.company).fill('Fjord Consulting AS')
  await page.getByLabel(t.linkedin).fill('linkedin.com/in/ase-odegard/')
  await page.getByLabel(t.need, { exact: true }).selectOption({ label: t.needOption })
  await page.getByLabel(t.notes).fill('Vi vil ha flere møter med innkjøpere. 🚀')
}

/** Opens the demo page once the form itself has hydrated (the route's view hydrates after the
 * shell that marks the page hydrated; before that, the form is not live). */
async function open(page: Page, lang: Lang) {
  await openHydrated(page, texts[lang].path)
  await page.waitForFunction(() => {
    const element = document.getElementById('demo-form')
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'))
  })
  await expect(form(page)).toHaveAttribute('data-state', 'editing')
}

/** The bodies the page sends to the demo function, and its answers. */
function watchDemoRequests(page: Page) {
  const sent: Array<Record<string, unknown>> = []
  const answers: Array<{ status: number; body: unknown }> = []
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/send-demo-request') && request.method() === 'POST') sent.push(request.postDataJSON())
  })
  page.on('response', async (response) => {
    if (response.url().includes('/functions/v1/send-demo-request') && response.request().method() === 'POST')
      answers.push({ status: response.status(), body: await response.json() })
  })
  return { sent, answers }
}

for (const lang of ['nb', 'en'] as const) {
  const t = texts[lang]

  test.describe(`demo page (${lang})`, () => {
    test('a valid request is stored once, thanked for, and the form is cleared', async ({ page }) => {
      const problems = watchConsole(page)
      const requests = watchDemoRequests(page)
      const email = uniqueEmail(`demo-${lang}`)
      await open(page, lang)
      await fillValid(page, lang, email)
      await form(page).getByRole('button', { name: t.submit }).click()

      const toasts = page.getByRole('region', { name: t.notifications })
      await expect(toasts.getByRole('status')).toContainText(t.thanks[0])
      await expect(toasts.getByRole('status')).toContainText(t.thanks[1])
      await expect(page.getByLabel(t.name, { exact: true })).toHaveValue('')
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue('')
      await expect(page.getByLabel(t.need, { exact: true })).toHaveValue('')

      const rows = (await asServiceRole('GET', `demo_requests?select=*&email=eq.${encodeURIComponent(email)}`)) as Array<Record<string, unknown>>
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        name: 'Åse Ødegård',
        email,
        company: 'Fjord Consulting AS',
        linkedin: 'https://www.linkedin.com/in/ase-odegard',
        need: 'lead_generation',
        notes: 'Vi vil ha flere møter med innkjøpere. 🚀',
        language: lang,
      })
      // It went with the bot check's token, which the server checked (the stack's [auth.captcha] is on).
      expect(requests.sent).toHaveLength(1)
      expect(requests.sent[0]!.captcha_token).toMatch(/^0\.local\./)
      expect(problems).toEqual([])
    })

    test('a failed bot check is refused by the server and said so; nothing is stored, what was typed stays', async ({ page }) => {
      // The widget's challenge asks for a token that siteverify refuses (Turnstile's always-fail key).
      await page.route('**/local-bot-check/challenge', (route) => route.continue({ postData: JSON.stringify({ outcome: 'refuse' }) }))
      const requests = watchDemoRequests(page)
      const email = uniqueEmail(`bot-${lang}`)
      await open(page, lang)
      await fillValid(page, lang, email)
      await form(page).getByRole('button', { name: t.submit }).click()

      const toasts = page.getByRole('region', { name: t.notifications })
      await expect(toasts.getByRole('alert')).toContainText(t.failed[0])
      await expect(toasts.getByRole('alert')).toContainText(t.botCheckRefused)
      expect(requests.sent).toHaveLength(1)
      expect(requests.sent[0]!.captcha_token).toMatch(/^0\.local\./)
      expect(requests.answers).toEqual([{ status: 400, body: { ok: false, error: 'bot_check_failed' } }])
      expect(await asServiceRole('GET', `demo_requests?select=id&email=eq.${encodeURIComponent(email)}`)).toEqual([])
      await expect(page.getByLabel(t.name, { exact: true })).toHaveValue('Åse Ødegård')
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(email)
      await expect(page.getByLabel(t.need, { exact: true })).toHaveValue('lead_generation')
      await expect(form(page)).toHaveAttribute('data-state', 'failed')
      await expect(form(page).getByRole('button', { name: t.submit })).toBeEnabled()
    })

    test('invalid input shows the field errors and sends nothing', async ({ page }) => {
      const requests: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/functions/v1/')) requests.push(request.url())
      })
      await open(page, lang)
      await page.getByLabel(t.email, { exact: true }).fill('ola@')
      await page.getByLabel(t.linkedin).fill('facebook.com/ola')
      await form(page).getByRole('button', { name: t.submit }).click()

      const name = page.getByLabel(t.name, { exact: true })
      await expect(name).toBeFocused()
      await expect(name).toHaveAttribute('aria-invalid', 'true')
      await expect(name).toHaveAccessibleDescription(t.nameRequired)
      await expect(page.getByLabel(t.email, { exact: true })).toHaveAccessibleDescription(t.emailInvalid)
      await expect(page.getByLabel(t.linkedin)).toHaveAccessibleDescription(new RegExp(t.linkedinInvalid.replace(/[.]/g, '\\.')))
      await expect(page.getByLabel(t.need, { exact: true })).toHaveAccessibleDescription(t.needRequired)
      // What was typed stays.
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue('ola@')
      expect(requests).toEqual([])
    })

    test('a failing backend shows the failure toast and keeps what was typed', async ({ page }) => {
      await page.route('**/functions/v1/send-demo-request', (route) => route.abort('failed'))
      const email = uniqueEmail(`down-${lang}`)
      await open(page, lang)
      await fillValid(page, lang, email)
      await form(page).getByRole('button', { name: t.submit }).click()

      const toasts = page.getByRole('region', { name: t.notifications })
      await expect(toasts.getByRole('alert')).toContainText(t.failed[0])
      await expect(toasts.getByRole('alert')).toContainText(t.failed[1])
      await expect(page.getByLabel(t.name, { exact: true })).toHaveValue('Åse Ødegård')
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(email)
      await expect(page.getByLabel(t.need, { exact: true })).toHaveValue('lead_generation')
      await expect(form(page).getByRole('button', { name: t.submit })).toBeEnabled()
    })

    test('has no accessibility violations, with and without field errors', async ({ page }) => {
      await open(page, lang)
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
      await form(page).getByRole('button', { name: t.submit }).click()
      await expect(page.getByLabel(t.name, { exact: true })).toHaveAttribute('aria-invalid', 'true')
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
    })
  })
}

test('the form works by keyboard alone: the bot check takes no focus and no room, and the request goes out with its token', async ({ page }) => {
  const t = texts.en
  const requests = watchDemoRequests(page)
  const email = uniqueEmail('keys')
  await open(page, 'en')
  const focused = () => page.evaluate(() => document.activeElement?.id ?? '')
  await page.getByLabel(t.name, { exact: true }).focus()
  await page.keyboard.type('Kari Tastatur')
  await page.keyboard.press('Tab')
  await page.keyboard.type(email)
  await page.keyboard.press('Tab')
  expect(await focused()).toBe('demo-company')
  await page.keyboard.press('Tab')
  expect(await focused()).toBe('demo-linkedin')
  await page.keyboard.press('Tab')
  expect(await focused()).toBe('demo-need')
  // A closed select picks the option its typed letters start.
  await page.keyboard.type('Lead')
  await expect(page.getByLabel(t.need, { exact: true })).toHaveValue('lead_generation')
  await page.keyboard.press('Tab')
  expect(await focused()).toBe('demo-notes')
  // The form was used: the bot check has rendered, hidden (it asks nothing here), with nothing to focus.
  await expect(page.locator('#demo-bot-check [data-local-bot-check]')).toBeHidden()
  expect(await page.locator('#demo-bot-check').evaluate((box) => box.querySelectorAll('a, button, input, iframe, [tabindex]').length)).toBe(0)
  // It takes no room: the submit sits one row gap below the notes, as the notes below the need.
  const submit = form(page).getByRole('button', { name: t.submit })
  const gaps = await page.evaluate(() => {
    const box = (id: string) => document.getElementById(id)!.closest('div')!.getBoundingClientRect()
    const actions = document.querySelector('#demo-form button[type="submit"]')!.parentElement!.getBoundingClientRect()
    return { rows: box('demo-notes').top - box('demo-need').bottom, beforeSubmit: actions.top - box('demo-notes').bottom }
  })
  expect(Math.abs(gaps.beforeSubmit - gaps.rows)).toBeLessThan(2)
  await page.keyboard.press('Tab')
  await expect(submit).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('region', { name: t.notifications }).getByRole('status')).toContainText(t.thanks[0])
  expect(requests.sent).toHaveLength(1)
  expect(requests.sent[0]!.captcha_token).toMatch(/^0\.local\./)
  const rows = (await asServiceRole('GET', `demo_requests?select=name&email=eq.${encodeURIComponent(email)}`)) as Array<Record<string, unknown>>
  expect(rows).toEqual([{ name: 'Kari Tastatur' }])
})
