// The public auth forms with the bot check on (config.toml [auth.captcha]): a failed check is
// refused by the auth service, and the visitor reads why in the page's language, with what was
// typed kept. The widget's challenge is answered as Turnstile's always-fail keys answer: with a
// token that siteverify refuses. The passing path is every other test that signs up or in.
import { expect, type Page, test } from '@playwright/test'
import { confirmedUser } from './stack-users'
import { open, stackUrl, uniqueEmail } from './stack'

const refused = {
  nb: 'Vi fikk ikke bekreftet at du er et menneske. Vent noen sekunder og prøv igjen.',
  en: "We couldn't verify that you're human. Wait a few seconds and try again.",
}

/** The widget's next tokens are ones siteverify refuses. */
const failTheCheck = (page: Page) =>
  page.route(`${stackUrl}/local-bot-check/challenge`, (route) => route.continue({ postData: JSON.stringify({ outcome: 'refuse' }) }))

/** The answer of the auth service to the request `path` that `act` sends, with the token it carried. */
async function answerTo(page: Page, path: string, act: () => Promise<void>) {
  const answer = page.waitForResponse((response) => response.url().startsWith(`${stackUrl}/auth/v1/${path}`))
  await act()
  const response = await answer
  const token = (JSON.parse(response.request().postData() ?? '{}') as { gotrue_meta_security?: { captcha_token?: string } }).gotrue_meta_security?.captcha_token
  return { status: response.status(), code: ((await response.json()) as { code?: string }).code, token }
}

const mailsTo = async (address: string) =>
  ((await (await fetch(`${stackUrl}/mailbox.json`)).json()) as Array<{ to: string }>).filter((mail) => mail.to === address).length

for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)

  test(`${lang}: sign-up with a failed bot check is refused: no account, no mail, what was typed kept`, async ({ page }) => {
    await failTheCheck(page)
    await open(page, `${prefix}/register`)
    const email = uniqueEmail('refused-signup')
    // By keyboard: the widget takes no tab stop between the fields and the button.
    await page.getByLabel(text('Fullt navn', 'Full name')).fill('Kari Rask')
    await page.keyboard.press('Tab')
    await page.keyboard.type(email)
    await page.keyboard.press('Tab')
    await page.keyboard.type('fjord-Lys-2025')
    const answer = await answerTo(page, 'signup', () => page.keyboard.press('Enter'))
    expect(answer).toEqual({ status: 400, code: 'captcha_failed', token: expect.stringMatching(/^0\.local\./) })
    await expect(page.getByRole('alert').filter({ hasText: refused[lang] })).toBeVisible()
    await expect(page.getByLabel(text('E-post', 'E-mail'))).toHaveValue(email)
    // The keyboard user is where they pressed Enter: the field stayed focusable while it sent.
    await expect(page.getByLabel(text('Passord', 'Password'))).toBeFocused()
    await expect(page).toHaveURL(`${prefix}/register`)
    expect(await mailsTo(email)).toBe(0)
  })

  test(`${lang}: sign-in with a failed bot check is refused, though the password is right`, async ({ page }) => {
    const user = await confirmedUser(`refused-signin-${lang}`)
    await failTheCheck(page)
    await open(page, `${prefix}/login`)
    await page.getByLabel(text('E-post', 'E-mail')).fill(user.email)
    await page.getByLabel(text('Passord', 'Password')).fill(user.password)
    const answer = await answerTo(page, 'token?grant_type=password', () => page.keyboard.press('Enter'))
    expect(answer).toEqual({ status: 400, code: 'captcha_failed', token: expect.stringMatching(/^0\.local\./) })
    await expect(page.getByRole('alert').filter({ hasText: refused[lang] })).toBeVisible()
    await expect(page).toHaveURL(`${prefix}/login`)
    await expect(page.getByLabel(text('Passord', 'Password'))).toHaveValue(user.password)
    await expect(page.getByLabel(text('Passord', 'Password'))).toBeFocused()
  })

  test(`${lang}: a recovery request with a failed bot check is refused, and no mail goes out`, async ({ page }) => {
    const user = await confirmedUser(`refused-recovery-${lang}`)
    const before = await mailsTo(user.email)
    await failTheCheck(page)
    await open(page, `${prefix}/forgot-password`)
    await page.getByLabel(text('E-post', 'E-mail')).fill(user.email)
    const send = page.getByRole('button', { name: text('Send lenke', 'Send link') })
    await send.focus()
    const answer = await answerTo(page, 'recover', () => page.keyboard.press('Enter'))
    expect(answer).toEqual({ status: 400, code: 'captcha_failed', token: expect.stringMatching(/^0\.local\./) })
    await expect(page.getByRole('alert').filter({ hasText: refused[lang] })).toBeVisible()
    await expect(page.getByLabel(text('E-post', 'E-mail'))).toHaveValue(user.email)
    // The button pressed by keyboard kept the focus while it waited.
    await expect(send).toBeFocused()
    expect(await mailsTo(user.email)).toBe(before)
  })
}
