import { expect, type Page, test } from '@playwright/test'
import { open, stackUrl, uniqueEmail } from './stack'

// The auth e-mails a visitor receives, in the local mailbox: rendered by the local stack from the
// same templates (supabase/templates/) that hosted Supabase sends, in the language of the page where
// the account was registered, with the product's name.

interface Mail {
  to: string
  subject: string
  text: string
  html: string | null
  links: string[]
}

/** The words of a mail, without its links (whose paths are English in both languages). */
const prose = (mail: Mail) => mail.text.replace(/https?:\/\/\S+/g, '')

const mailsTo = async (address: string) =>
  ((await (await fetch(`${stackUrl}/mailbox.json?to=${encodeURIComponent(address)}`)).json()) as Mail[])

/** The newest e-mail to an address whose link is of `type` (signup, recovery). */
async function mailWithLink(address: string, type: 'signup' | 'recovery'): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(async () => {
      found = (await mailsTo(address)).find((mail) => mail.links.some((link) => link.includes(`type=${type}`)))
      return Boolean(found)
    })
    .toBe(true)
  return found!
}

const words = {
  nb: {
    prefix: '',
    name: 'Fullt navn',
    email: 'E-post',
    password: 'Passord',
    create: 'Opprett konto',
    created: 'Konto opprettet!',
    forgot: 'Glemt passord?',
    send: 'Send lenke',
    confirmSubject: 'Bekreft e-postadressen din hos Vekstlinje',
    confirmText: ['Hei Solveig Lunde,', 'Bekreft e-postadressen', 'Lenken virker én gang, i én time.'],
    resetSubject: 'Tilbakestill passordet ditt hos Vekstlinje',
    resetText: ['Velg nytt passord', 'Passordet ditt forblir som det er.'],
    foreign: /Confirm|Reset|password/,
  },
  en: {
    prefix: '/en',
    name: 'Full name',
    email: 'E-mail',
    password: 'Password',
    create: 'Create account',
    created: 'Account created!',
    forgot: 'Forgot password?',
    send: 'Send link',
    confirmSubject: 'Confirm your e-mail address for Vekstlinje',
    confirmText: ['Hi Solveig Lunde,', 'Confirm e-mail address', 'The link works once, for one hour.'],
    resetSubject: 'Reset your Vekstlinje password',
    resetText: ['Choose a new password', 'your password stays as it is.'],
    foreign: /Bekreft|Tilbakestill|passord/,
  },
} as const

async function register(page: Page, lang: 'nb' | 'en', email: string) {
  const w = words[lang]
  await open(page, `${w.prefix}/register`)
  await page.getByLabel(w.name).fill('Solveig Lunde')
  await page.getByLabel(w.email).fill(email)
  await page.getByLabel(w.password).fill('fjord-Lys-2025')
  await page.getByRole('button', { name: w.create }).click()
  await expect(page.getByText(w.created)).toBeVisible()
}

async function askForReset(page: Page, lang: 'nb' | 'en', email: string) {
  const w = words[lang]
  await open(page, `${w.prefix}/login`)
  await page.getByRole('link', { name: w.forgot }).click()
  await page.getByLabel(w.email).fill(email)
  await page.getByRole('button', { name: w.send }).click()
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible()
}

for (const lang of ['nb', 'en'] as const) {
  const w = words[lang]

  test(`${lang}: registering sends a confirmation in the page's language, naming the product; so does the password reset`, async ({ page }) => {
    const email = uniqueEmail(`mail-${lang}`)
    await register(page, lang, email)

    const confirmation = await mailWithLink(email, 'signup')
    expect(confirmation.subject).toBe(w.confirmSubject)
    for (const line of w.confirmText) expect(confirmation.text).toContain(line)
    expect(confirmation.text).toContain('Vekstlinje AS')
    expect(prose(confirmation)).not.toMatch(w.foreign)
    expect(confirmation.html).toContain(`<html lang="${lang}">`)
    expect(confirmation.html).toContain('Vekstlinje')

    // The link confirms the account and leads to the dashboard of the page's language.
    const confirm = confirmation.links.find((link) => link.includes('/auth/v1/verify'))!
    const confirmed = await page.request.get(confirm, { maxRedirects: 0 })
    expect(confirmed.status()).toBe(303)
    expect(new URL(confirmed.headers().location!).pathname).toBe(`${w.prefix}/app`)

    await askForReset(page, lang, email)
    const reset = await mailWithLink(email, 'recovery')
    expect(reset.subject).toBe(w.resetSubject)
    for (const line of w.resetText) expect(reset.text).toContain(line)
    expect(reset.text).toContain('Vekstlinje')
    expect(prose(reset)).not.toMatch(w.foreign)
    expect(reset.links.find((link) => link.includes('type=recovery'))).toContain(encodeURIComponent(`${w.prefix}/reset-password`))
  })
}

test('the account keeps its language: registered in English, a reset asked on a Norwegian page arrives in English', async ({ page }) => {
  const email = uniqueEmail('mail-keeps')
  await register(page, 'en', email)
  const confirm = (await mailWithLink(email, 'signup')).links.find((link) => link.includes('/auth/v1/verify'))!
  await page.request.get(confirm, { maxRedirects: 0 })
  await askForReset(page, 'nb', email)
  expect((await mailWithLink(email, 'recovery')).subject).toBe(words.en.resetSubject)
})
