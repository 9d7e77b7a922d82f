import { expect, type Locator, type Page, test } from '@playwright/test'
import { open, stackUrl, uniqueEmail } from './stack'
import { confirmedUser, totpOf, twoFactorAccount, withSession } from './stack-users'

// Every form is sent by keyboard alone, and the focus stays where the keyboard user was: on the
// field where Enter was pressed, or on the button. While the form sends, its fields are read-only
// and its buttons only say they wait (aria-disabled): a disabled element holding the focus would
// drop it to the page, and the user would start over from the top. Each request is held while the
// test looks, then answered.

type Lang = 'nb' | 'en'
const words = (lang: Lang) => (nb: string, en: string) => (lang === 'en' ? en : nb)
const prefixOf = (lang: Lang) => (lang === 'en' ? '/en' : '')

/** The next request to `path` on the local stack waits until `release` (to the server, or answered
 * with `answer`): meanwhile the form is sending. */
async function holdNext(page: Page, path: string | RegExp, method = 'POST') {
  let arrive!: () => void
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  let release!: (answer?: { status: number; body: unknown }) => void
  const released = new Promise<{ status: number; body: unknown } | undefined>((resolve) => {
    release = resolve
  })
  let held = false
  await page.route(
    (url) => url.href.startsWith(stackUrl) && (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    async (route) => {
      if (held || route.request().method() !== method) return route.fallback()
      held = true
      arrive()
      const answer = await released
      if (answer) await route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) })
      else await route.continue()
    },
  )
  return { arrived, release }
}

/** Sends the form with Enter from `where`, and checks while it sends that the focus stays there,
 * the fields are read-only and the button only says it waits; then until the answer is in. */
async function sendFrom(
  page: Page,
  where: Locator,
  form: { path: string | RegExp; method?: string; fields: Locator[]; button: Locator; answer?: { status: number; body: unknown } },
) {
  const request = await holdNext(page, form.path, form.method)
  await page.keyboard.press('Enter')
  await request.arrived
  await expect(where).toBeFocused()
  for (const field of form.fields) await expect(field).toHaveAttribute('readonly', '')
  await expect(form.button).toHaveAttribute('aria-disabled', 'true')
  await expect(form.button).toHaveJSProperty('disabled', false)
  request.release(form.answer)
  await expect(form.button).toHaveAttribute('aria-disabled', 'false')
}

// Requests to the stack go through the test's routes from the page's start. A route first set on a
// page already open turns interception on for it, and a request sent in the next moments can pass
// unrouted and unreported (about 1 in 30 sends here): the form's real answer then ends the test.
test.beforeEach(({ page }) => page.route((url) => url.href.startsWith(stackUrl), (route) => route.fallback()))

for (const lang of ['nb', 'en'] as const) {
  const text = words(lang)
  const prefix = prefixOf(lang)

  test(`${lang}: sign-in keeps the focus on the field, then on the button, through a refused send`, async ({ page }) => {
    await open(page, `${prefix}/login`)
    const email = page.getByLabel(text('E-post', 'E-mail'))
    const password = page.getByLabel(text('Passord', 'Password'))
    const button = page.locator('form').getByRole('button')
    const refused = page.getByText(text('Feil ved innlogging', 'Login error'))
    await email.focus()
    await page.keyboard.type(uniqueEmail('nobody'))
    await page.keyboard.press('Tab')
    await page.keyboard.type('not-the-password')
    await sendFrom(page, password, { path: '/auth/v1/token', fields: [email, password], button })
    await expect(refused).toBeVisible()
    await expect(password).toBeFocused()
    // On to the button (past "Forgot password?"): pressed, it keeps the focus too.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(button).toBeFocused()
    await sendFrom(page, button, { path: '/auth/v1/token', fields: [email, password], button })
    await expect(button).toBeFocused()
  })

  test(`${lang}: forgot password: the field keeps the focus while it sends, then the answer's button has it, and the field again`, async ({ page }) => {
    await open(page, `${prefix}/forgot-password`)
    const email = page.getByLabel(text('E-post', 'E-mail'))
    await email.focus()
    await page.keyboard.type(uniqueEmail('forgot'))
    await sendFrom(page, email, { path: '/auth/v1/recover', fields: [email], button: page.locator('form').getByRole('button') })
    // The form gives way to the answer: focus goes to its button, and back to the field with the form.
    const again = page.getByRole('button', { name: text('Send på nytt eller bruk en annen adresse', 'Send again or use another address') })
    await expect(again).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(email).toBeFocused()
  })

  test(`${lang}: forgot password with a one-time code: the form opens at its address field, the code field keeps the focus through a refused code, and cancel goes back to the button`, async ({ page }) => {
    await open(page, `${prefix}/forgot-password`)
    const opener = page.getByRole('button', { name: text('Jeg har en engangskode', 'I have a one-time code') })
    await opener.focus()
    await page.keyboard.press('Enter')
    const address = page.getByLabel(text('E-postadressen koden ble sendt til', 'The e-mail address the code was sent to'))
    const code = page.getByLabel(text('Engangskode', 'One-time code'), { exact: true })
    await expect(address).toBeFocused()
    await page.keyboard.type(uniqueEmail('forgot-code'))
    await page.keyboard.press('Tab')
    await page.keyboard.type('1234 5678')
    const button = page.getByRole('button', { name: /^(Gå videre til nytt passord|Sjekker koden …|Continue to a new password|Checking the code…)$/ })
    await sendFrom(page, code, { path: '/rest/v1/rpc/redeem_email_code', fields: [address, code], button, answer: { status: 200, body: { error: 'invalid' } } })
    await expect(page.getByRole('region', { name: text('Har du en engangskode?', 'Have a one-time code?') }).getByRole('alert')).toContainText(text('Koden er feil for denne adressen', 'The code is wrong for this address'))
    await expect(code).toBeFocused()
    // On past the button to Cancel: the form closes, and its button has the focus again.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: text('Avbryt', 'Cancel') })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(opener).toBeFocused()
  })
}

test('en: registration keeps the focus in the field through a refused send', async ({ page }) => {
  await open(page, '/en/register')
  const fields = ['Full name', 'E-mail', 'Password'].map((label) => page.getByLabel(label, { exact: true }))
  await fields[0]!.focus()
  await page.keyboard.type('Kari Tastatur')
  await page.keyboard.press('Tab')
  await page.keyboard.type(uniqueEmail('register'))
  await page.keyboard.press('Tab')
  await page.keyboard.type('fjord-Lys-2025')
  await sendFrom(page, fields[2]!, {
    path: '/auth/v1/signup',
    fields,
    button: page.locator('form').getByRole('button'),
    answer: { status: 422, body: { code: 422, error_code: 'weak_password', msg: 'Password is known to be weak', weak_password: { reasons: ['pwned'] } } },
  })
  await expect(page.getByText('The password is too weak:')).toBeVisible()
  await expect(fields[2]!).toBeFocused()
})

test('nb: the demo form keeps the focus on its button through a send, and empties', async ({ page }) => {
  await open(page, '/demo')
  const name = page.getByLabel('Fullt navn', { exact: true })
  await name.focus()
  await page.keyboard.type('Kari Tastatur')
  await page.keyboard.press('Tab')
  await page.keyboard.type(uniqueEmail('demo-focus'))
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Lead')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  const button = page.locator('#demo-form').getByRole('button')
  await expect(button).toBeFocused()
  await sendFrom(page, button, { path: '/functions/v1/send-demo-request', fields: [name], button })
  await expect(page.getByText('Vi tar kontakt innen 24 timer.')).toBeVisible()
  await expect(name).toHaveValue('')
  await expect(button).toBeFocused()
})

test('en: a new password on the account page keeps the focus in its field through a send', async ({ page }) => {
  const me = await confirmedUser('focus-password')
  await withSession(page, me.email, me.password)
  await open(page, '/en/account')
  const field = page.getByLabel('New password', { exact: true })
  await field.focus()
  await page.keyboard.type('fjord-Lys-2026')
  await sendFrom(page, field, { path: '/auth/v1/user', method: 'PUT', fields: [field], button: page.locator('#new-password-form').getByRole('button') })
  await expect(page.getByText('Password changed')).toBeVisible()
  await expect(field).toHaveValue('')
  await expect(field).toBeFocused()
})

test('en: the e-mail change keeps the focus in the password field through a refused send', async ({ page }) => {
  const me = await confirmedUser('focus-change')
  await withSession(page, me.email, me.password)
  await open(page, '/en/account')
  await page.getByRole('button', { name: 'Change e-mail address' }).focus()
  await page.keyboard.press('Enter')
  const email = page.getByLabel('New e-mail address')
  const password = page.getByLabel('Current password')
  await expect(email).toBeFocused()
  await page.keyboard.type(me.email.replace('focus-change', 'focus-changed'))
  await page.keyboard.press('Tab')
  await page.keyboard.type('not-the-password')
  await sendFrom(page, password, {
    path: '/functions/v1/request-email-change',
    fields: [email, password],
    button: page.getByRole('button', { name: /Send confirmation links|Sending…/ }),
  })
  await expect(page.getByText('That is not your current password.')).toBeVisible()
  await expect(password).toBeFocused()
})

test("nb: sign-in's code step keeps the focus in the code field through a wrong code", async ({ page }) => {
  const { email, password, secret } = await twoFactorAccount('focus-code', 'nb')
  await open(page, '/login')
  await page.getByLabel('E-post').focus()
  await page.keyboard.type(email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(password)
  await page.keyboard.press('Enter')
  const code = page.getByLabel('Sekssifret kode fra appen')
  await code.focus()
  const right = totpOf(secret).generate()
  await page.keyboard.type(right === '000000' ? '111111' : '000000')
  await sendFrom(page, code, { path: /^\/auth\/v1\/factors\/[^/]+\/verify$/, fields: [code], button: page.getByRole('button', { name: /^(Fortsett|Sjekker …)$/ }) })
  await expect(page.getByText('Koden er ikke riktig. Skriv inn koden appen viser nå.')).toBeVisible()
  await expect(code).toHaveValue('')
  await expect(code).toBeFocused()
})

test("nb: delete account's confirmation keeps the focus in its field through a failed send", async ({ page }) => {
  const me = await confirmedUser('focus-delete')
  await withSession(page, me.email, me.password)
  await open(page, '/account')
  await page.getByRole('button', { name: 'Slett kontoen min' }).focus()
  await page.keyboard.press('Enter')
  const field = page.getByLabel(`Skriv ${me.email} for å bekrefte`)
  await expect(field).toBeFocused()
  await page.keyboard.type(me.email)
  await sendFrom(page, field, {
    path: '/functions/v1/delete-account',
    fields: [field],
    button: page.getByRole('button', { name: /^(Slett for godt|Sletter …)$/ }),
    answer: { status: 502, body: { error: 'The payment provider could not be reached' } },
  })
  await expect(page.getByText('Kunne ikke slette kontoen')).toBeVisible()
  await expect(field).toBeFocused()
})
