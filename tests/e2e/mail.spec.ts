import { expect, type Page, test } from '@playwright/test'
import { confirmEmailLink, emailLinkIn, open, stackUrl, uniqueEmail } from './stack'

// The auth e-mails a visitor receives, in the local mailbox: written by the same function that
// hosted Supabase's Send Email hook calls (functions/auth-hooks), in the language of the page where
// the account was registered, with the product's name.

interface Mail {
  to: string
  subject: string
  text: string
  html: string | null
  links: string[]
}

/** The words of a mail, without its addresses (whose paths are English in both languages): its
 * links, and a page named by host and path (`vekstlinje.no/forgot-password`). */
const prose = (mail: Mail) =>
  mail.text.replace(/https?:\/\/\S+/g, '').replace(/\b(?:localhost|[\w-]+(?:\.[\w-]+)+)(?::\d+)?\/\S*/g, '')

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
    confirmText: ['Hei,', 'Bekreft e-postadressen', 'Lenken virker én gang, i én time.'],
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
    confirmText: ['Hi,', 'Confirm e-mail address', 'The link works once, for one hour.'],
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
    // The name typed at registration goes into no e-mail: anyone can type anything there.
    expect(`${confirmation.text} ${confirmation.html}`).not.toContain('Solveig')
    expect(confirmation.text).toContain('Vekstlinje AS')
    expect(prose(confirmation)).not.toMatch(w.foreign)
    expect(confirmation.html).toContain(`<html lang="${lang}">`)
    expect(confirmation.html).toContain('Vekstlinje')

    // The link opens the site's confirmation page in the account's language; its press confirms.
    const confirm = emailLinkIn(confirmation)
    expect(new URL(confirm).pathname).toBe(`${w.prefix}/auth/confirm`)
    await confirmEmailLink(confirm)

    await askForReset(page, lang, email)
    const reset = await mailWithLink(email, 'recovery')
    expect(reset.subject).toBe(w.resetSubject)
    for (const line of w.resetText) expect(reset.text).toContain(line)
    expect(reset.text).toContain('Vekstlinje')
    expect(prose(reset)).not.toMatch(w.foreign)
    expect(new URL(emailLinkIn(reset)).pathname).toBe(`${w.prefix}/auth/confirm`)
  })
}

test('the account keeps its language: registered in English, a reset asked on a Norwegian page arrives in English', async ({ page }) => {
  const email = uniqueEmail('mail-keeps')
  await register(page, 'en', email)
  await confirmEmailLink(emailLinkIn(await mailWithLink(email, 'signup')))
  await askForReset(page, 'nb', email)
  expect((await mailWithLink(email, 'recovery')).subject).toBe(words.en.resetSubject)
})
