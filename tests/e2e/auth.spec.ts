import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { asServiceRole, confirmEmailLink, open, showUp, confirmAndSignIn, registerAndConfirm, signIn, uniqueEmail } from './stack'
import { holdAllButPageScript, holdApp } from './page-script-only'

for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)

  test(`${lang}: register, confirm by e-mail, sign in, Free then Pro live, reload, sign out`, async ({ page, context }) => {
    const { email, password, confirm } = await registerAndConfirm(page, lang, 'Kari Nordmann')
    // The confirmation link takes the account's password and leads to sign-in, which lands on the dashboard.
    await confirmAndSignIn(page, { email, password, confirm })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Hei, Kari Nordmann!', 'Hi, Kari Nordmann!'))
    await page.getByRole('button', { name: text('Logg ut', 'Sign out') }).click()
    await expect(page).toHaveURL(lang === 'en' ? '/en' : '/')

    await open(page, `${prefix}/login`)
    await signIn(page, lang, email, password)
    await expect(page.getByText(text('Velkommen tilbake!', 'Welcome back!'))).toBeVisible()
    await expect(page).toHaveURL(`${prefix}/app`)
    const badge = page.getByTestId('plan-badge')
    await expect(badge).toHaveText('Free')
    await expect(page.getByText(text('10 meldinger per måned', '10 messages per month'))).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: text('ingen aktive abonnementer', 'no active subscriptions') })).toBeVisible()

    // The payment webhook's write, as the service role: the badge turns Pro without a reload.
    const userId = await page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!)!).user.id)
    await asServiceRole('POST', 'subscriptions', { user_id: userId, product_name: 'pro', status: 'active', current_period_end: '2026-12-22T00:00:00Z' })
    await expect(badge).toHaveText('Pro')
    await expect(page.getByText(text('Ubegrensede meldinger', 'Unlimited messages'))).toBeVisible()
    // The plan card says when Pro renews, and so does the list of subscriptions.
    await expect(page.getByTestId('subscription-status')).toContainText(lang === 'en' ? 'Renews December 22, 2026' : 'Fornyes 22. desember 2026')
    await expect(page.getByRole('region', { name: text('Aktive abonnementer', 'Active subscriptions') })).toContainText(
      lang === 'en' ? 'Renews December 22, 2026' : 'Fornyes 22. desember 2026',
    )

    const axe = await new AxeBuilder({ page }).analyze()
    expect(axe.violations).toEqual([])

    // The session survives a reload.
    await page.reload()
    await expect(page.getByTestId('plan-badge')).toHaveText('Pro')

    await page.getByRole('button', { name: text('Logg ut', 'Sign out') }).click()
    await expect(page).toHaveURL(lang === 'en' ? '/en' : '/')
    await page.goto(`${prefix}/app`)
    await expect(page).toHaveURL(new RegExp(`${prefix}/login\\?next=`))
    expect(await context.cookies()).toEqual([])
  })

  test(`${lang}: sign-out ends the session in this browser at once, before the backend answers`, async ({ page }) => {
    await confirmAndSignIn(page, await registerAndConfirm(page, lang, 'Per Sand'))
    // The backend never answers the sign-out: nothing the visitor does next may depend on it.
    await page.route('**/auth/v1/logout**', () => {})
    await page.getByRole('button', { name: text('Logg ut', 'Sign out') }).click()
    await page.goto(`${prefix}/app`)
    await expect(page).toHaveURL(new RegExp(`${prefix}/login\\?next=`))
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token')))).toEqual([])
  })

  test(`${lang}: what the visitor types before the page comes to life is kept, and used`, async ({ page }) => {
    const { email, password, confirm } = await registerAndConfirm(page, lang, 'Lise Holm')
    await confirmEmailLink(confirm)
    await page.evaluate(() => localStorage.clear())
    // The app's modules are held back: the visitor types into the prerendered form.
    const { release } = await holdApp(page, `${prefix}/login`)
    await page.goto(`${prefix}/login`, { waitUntil: 'commit' })
    await page.locator('#email').fill(email)
    await page.locator('#password').fill(password)
    await release()
    await page.locator('html[data-hydrated]').waitFor()
    await expect(page.locator('#email')).toHaveValue(email)
    await page.getByRole('button', { name: text('Logg inn', 'Sign in'), exact: true }).click()
    await expect(page).toHaveURL(`${prefix}/app`)
  })

  test(`${lang}: wrong password shows the login error toast`, async ({ page }) => {
    await open(page, `${prefix}/login`)
    await signIn(page, lang, uniqueEmail('nobody'), 'wrong-password')
    const toast = page.getByRole('alert').filter({ hasText: text('Feil ved innlogging', 'Login error') })
    await expect(toast).toBeVisible()
    // The auth service's English refusal, in the visitor's language.
    await expect(toast).toContainText(text('Feil e-postadresse eller passord.', 'Wrong e-mail address or password.'))
    await expect(toast).not.toContainText('Invalid login credentials')
    await expect(page).toHaveURL(`${prefix}/login`)
  })

  test(`${lang}: a short password is rejected before any request`, async ({ page }) => {
    let signups = 0
    await page.route('**/auth/v1/signup**', (route) => {
      signups += 1
      return route.continue()
    })
    await open(page, `${prefix}/register`)
    await expect(page.getByLabel(text('Passord', 'Password'))).toHaveAttribute('placeholder', text('Minimum 6 tegn', 'Minimum 6 characters'))
    await page.getByLabel(text('Fullt navn', 'Full name')).fill('Ola')
    await page.getByLabel(text('E-post', 'E-mail')).fill(uniqueEmail('short'))
    await page.getByLabel(text('Passord', 'Password')).fill('12345')
    await page.getByRole('button', { name: text('Opprett konto', 'Create account') }).click()
    await expect(page.getByText(text('Passordet må ha minst seks tegn.', 'The password needs at least six characters.'))).toBeVisible()
    await expect(page.getByLabel(text('Passord', 'Password'))).toBeFocused()
    expect(signups).toBe(0)
  })

  test(`${lang}: Google sign-in through the local provider page`, async ({ page }) => {
    await open(page, `${prefix}/login`)
    await page.getByRole('button', { name: text('Fortsett med Google', 'Continue with Google') }).click()
    await page.getByLabel(/e-mail/i).fill(uniqueEmail('google'))
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(`${prefix}/app`)
    await expect(page.getByTestId('plan-badge')).toHaveText('Free')
  })

  test(`${lang}: a signed-out visitor on a signed-in page goes to sign-in without waiting for the backend client`, async ({ page }) => {
    // The backend client's chunk is held back: the redirect must not need it.
    const held: Array<() => Promise<void>> = []
    await page.route('**/assets/supabase-js-*.js', (route) => {
      held.push(() => route.continue())
    })
    await page.goto(`${prefix}/checkout-pro`)
    await expect(page).toHaveURL(`${prefix}/login?next=${encodeURIComponent(`${prefix}/checkout-pro`)}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Logg inn', 'Sign in'))
    for (const release of held) await release()
  })

  test(`${lang}: a signed-out visitor opening a signed-in page gets the sign-in page before any of the app loads`, async ({ page }) => {
    // Every module but the page's own script is held back: showing sign-in must need none.
    const { documents, release } = await holdAllButPageScript(page, `${prefix}/app`)
    await page.goto(`${prefix}/app?tab=plan`, { waitUntil: 'commit' })
    await expect(page).toHaveURL(`${prefix}/login?next=${encodeURIComponent(`${prefix}/app?tab=plan`)}`)
    // The prerendered sign-in page, with its text, before its own modules arrive.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Logg inn', 'Sign in'))
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
    expect(documents).toHaveLength(1)
    // The app then hydrates the sign-in page it finds, without a hydration error.
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await release()
    await showUp(page)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    expect(errors).toEqual([])
    await expect(page).toHaveTitle(text('Logg inn – Vekstlinje', 'Sign in – Vekstlinje'))
  })

  for (const target of ['app', 'checkout-pro']) {
    test(`${lang}: signed out, /${target} goes to sign-in and back`, async ({ page }) => {
      const { email, password, confirm } = await registerAndConfirm(page, lang, 'Per Hansen')
      await confirmEmailLink(confirm)
      await page.goto(`${prefix}/${target}`)
      await expect(page).toHaveURL(`${prefix}/login?next=${encodeURIComponent(`${prefix}/${target}`)}`)
      await signIn(page, lang, email, password)
      await expect(page).toHaveURL(`${prefix}/${target}`)
    })
  }

  test(`${lang}: login and register pages pass axe`, async ({ page }) => {
    for (const route of ['login', 'register']) {
      await open(page, `${prefix}/${route}`)
      const axe = await new AxeBuilder({ page }).analyze()
      expect(axe.violations, route).toEqual([])
    }
  })
}
