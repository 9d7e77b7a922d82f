// The code in the auth e-mails, for a person whose mail system blocks the link: typed on the
// sign-in page (confirmation) or on the "Forgot password?" page (reset: the page that asked, or a
// fresh visit on any other device), it does what the link does.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { codeIn, confirmEmailLink, latestMailTo, open, registerAndConfirm, signIn } from './stack'
import { canSignIn, confirmedUser } from './stack-users'

for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)
  const wrongCode = (code: string) => (code === '00000000' ? '00000001' : '00000000')

  test(`${lang}: a new account confirmed with the code from the e-mail, on the sign-in page`, async ({ page }) => {
    const { email, password } = await registerAndConfirm(page, lang, 'Siri Dahl')
    const code = codeIn(await latestMailTo(email))
    await signIn(page, lang, email, password)
    const section = page.getByRole('region', { name: text('Skriv inn engangskoden fra e-posten', 'Enter the one-time code from the e-mail') })
    await expect(section).toContainText(email)
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

    const field = section.getByLabel(text('Engangskode', 'One-time code'), { exact: true })
    const confirm = section.getByRole('button', { name: text('Bekreft og logg inn', 'Confirm and sign in') })
    await field.fill('12 34')
    await confirm.click()
    await expect(section.getByText(text('Skriv inn de åtte sifrene fra e-posten.', 'Enter the eight digits from the e-mail.'))).toBeVisible()
    await expect(field).toBeFocused()

    await field.fill(wrongCode(code))
    await confirm.click()
    await expect(section.getByRole('alert')).toHaveText(
      text(
        'Koden er feil, allerede brukt eller utløpt (den gjelder i 15 minutter). Se etter den nyeste e-posten fra oss, eller be om en ny.',
        'The code is wrong, already used or expired (it works for 15 minutes). Check the newest e-mail from us, or ask for a new one.',
      ),
    )

    // As a mail program may show it, with a space in the middle.
    await field.fill(`${code.slice(0, 4)} ${code.slice(4)}`)
    await confirm.click()
    await expect(page).toHaveURL(`${prefix}/app`)
    await expect(page.getByTestId('plan-badge')).toHaveText('Free')
  })

  test(`${lang}: a forgotten password reset with the code from the e-mail, on the page that sent it`, async ({ page }) => {
    const { email, confirm } = await registerAndConfirm(page, lang, 'Ola Berg')
    await confirmEmailLink(confirm)
    await open(page, `${prefix}/forgot-password`)
    await page.getByLabel(text('E-post', 'E-mail')).fill(email)
    await page.getByRole('button', { name: text('Send lenke', 'Send link') }).click()
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible()
    await expect.poll(async () => (await latestMailTo(email)).subject).toBe(text('Tilbakestill passordet ditt hos Vekstlinje', 'Reset your Vekstlinje password'))
    const mail = await latestMailTo(email)

    const section = page.getByRole('region', { name: text('Skriv inn engangskoden fra e-posten', 'Enter the one-time code from the e-mail') })
    // The page that sent the e-mail has the field for its code already: no second form for it.
    await expect(page.getByRole('button', { name: text('Jeg har en engangskode', 'I have a one-time code') })).toHaveCount(0)
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
    await section.getByLabel(text('Engangskode', 'One-time code')).fill(codeIn(mail))
    await section.getByRole('button', { name: text('Gå videre til nytt passord', 'Continue to a new password') }).click()
    await expect(page).toHaveURL(`${prefix}/reset-password`)
    const newPassword = 'nytt-Fjell-2026'
    await page.getByLabel(text('Nytt passord', 'New password')).fill(newPassword)
    await page.getByRole('button', { name: text('Lagre passord', 'Save password') }).click()
    await expect(page).toHaveURL(`${prefix}/app`)

    await page.getByRole('button', { name: text('Logg ut', 'Sign out') }).click()
    await expect(page).toHaveURL(lang === 'en' ? '/en' : '/')
    await open(page, `${prefix}/login`)
    await signIn(page, lang, email, newPassword)
    await expect(page).toHaveURL(`${prefix}/app`)
  })

  test(`${lang}: a reset code read on another device is typed on a fresh "Forgot password?" visit, and the password is set`, async ({ browser }) => {
    const { email, password } = await confirmedUser(`other-device-${lang}`, 'Kari Rask', lang)
    // The laptop asks for the e-mail; its tab is then closed.
    const laptop = await browser.newContext()
    const asking = await laptop.newPage()
    await open(asking, `${prefix}/forgot-password`)
    await asking.getByLabel(text('E-post', 'E-mail')).fill(email)
    await asking.getByRole('button', { name: text('Send lenke', 'Send link') }).click()
    await expect(asking.getByRole('status').filter({ hasText: email })).toContainText(
      text('Det kan du også gjøre senere på en annen enhet, under «Glemt passord?».', 'you can also do that later on another device, under “Forgot password?”.'),
    )
    await laptop.close()
    await expect.poll(async () => (await latestMailTo(email)).subject).toBe(text('Tilbakestill passordet ditt hos Vekstlinje', 'Reset your Vekstlinje password'))
    const mail = await latestMailTo(email)
    // The e-mail says where the code goes on any device: the "Forgot password?" page of its language.
    const site = new URL(test.info().project.use.baseURL!)
    expect(mail.text).toContain(`${site.host}${prefix}/forgot-password (${text('velg «Jeg har en engangskode»', 'choose “I have a one-time code”')}): ${codeIn(mail)}`)

    // The phone: a fresh visit, with nothing of the laptop's.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const page = await phone.newPage()
    await open(page, `${prefix}/forgot-password`)
    const section = page.getByRole('region', { name: text('Har du en engangskode?', 'Have a one-time code?') })
    await section.getByRole('button', { name: text('Jeg har en engangskode', 'I have a one-time code') }).click()
    const address = section.getByLabel(text('E-postadressen koden ble sendt til', 'The e-mail address the code was sent to'))
    await expect(address).toBeFocused()
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
    // As a person types it on a phone: a capital first letter; the code with a space, as a mail program may show it.
    await address.fill(email.charAt(0).toUpperCase() + email.slice(1))
    const field = section.getByLabel(text('Engangskode', 'One-time code'), { exact: true })
    const code = codeIn(mail)
    await field.fill(wrongCode(code))
    const go = section.getByRole('button', { name: text('Gå videre til nytt passord', 'Continue to a new password') })
    await go.click()
    await expect(section.getByRole('alert')).toContainText(text('Koden er feil for denne adressen', 'The code is wrong for this address'))
    await field.fill(`${code.slice(0, 4)} ${code.slice(4)}`)
    await go.click()
    await expect(page).toHaveURL(`${prefix}/reset-password`)
    const newPassword = 'nytt-Fjell-2027'
    await page.getByLabel(text('Nytt passord', 'New password')).fill(newPassword)
    await page.getByRole('button', { name: text('Lagre passord', 'Save password') }).click()
    await expect(page).toHaveURL(`${prefix}/app`)
    await expect(page.getByTestId('plan-badge')).toHaveText('Free')
    expect(await canSignIn(email, newPassword)).toBe(true)
    expect(await canSignIn(email, password)).toBe(false)
    await phone.close()
  })
}

test('the "Forgot password?" form loads the bot check when it is first used, and sends each request with a fresh token', async ({ page }) => {
  const scripts: string[] = []
  const tokens: unknown[] = []
  page.on('request', (request) => {
    if (request.url().includes('/local-bot-check/api.js')) scripts.push(request.url())
    if (request.url().includes('/auth/v1/recover')) tokens.push((request.postDataJSON() as { gotrue_meta_security?: { captcha_token?: string } }).gotrue_meta_security?.captcha_token)
  })
  await open(page, '/forgot-password')
  // Nothing before the form is used: the page is usable without it.
  expect(scripts).toEqual([])
  const field = page.getByLabel('E-post')
  await field.fill('nobody-here@example.no')
  await page.getByRole('button', { name: 'Send lenke' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'nobody-here@example.no' })).toBeVisible()
  expect(scripts).toHaveLength(1)
  await page.getByRole('button', { name: 'Send på nytt eller bruk en annen adresse' }).click()
  await field.fill('nobody-else@example.no')
  await page.getByRole('button', { name: 'Send lenke' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'nobody-else@example.no' })).toBeVisible()
  expect(tokens).toHaveLength(2)
  for (const token of tokens) expect(token).toMatch(/^0\.local\./)
  expect(tokens[0]).not.toBe(tokens[1])
  expect(scripts).toHaveLength(1)
})
