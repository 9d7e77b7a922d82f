import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, expect, test } from '@playwright/test'
import lighthouse from 'lighthouse'
import { chromiumFlags, chromiumPath } from '../../src/build/chromium'
import { confirmedUser, withSession } from './stack-users'

// Lighthouse's accessibility audit of the account page as its owner sees it, signed in, in both
// languages (`npm run bench:web` audits pages signed out). Lighthouse opens its own tab: it shares
// the session through one browser profile, which a fresh tab shows is signed in.
test('the signed-in account page scores 100 for accessibility in Lighthouse, in both languages', async ({ baseURL }) => {
  test.setTimeout(240_000)
  const { email, password } = await confirmedUser('lighthouse-account')
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-profile-'))
  const port = 9300 + Number(process.env.TEST_PARALLEL_INDEX ?? 0)
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args: [...chromiumFlags, `--remote-debugging-port=${port}`] })
  try {
    const page = await context.newPage()
    await withSession(page, email, password)
    await page.goto(`${baseURL}/account`)
    await expect(page.getByRole('heading', { level: 1, name: 'Kontoen din' })).toBeVisible()
    for (const prefix of ['', '/en']) {
      const result = await lighthouse(`${baseURL}${prefix}/account`, { port, onlyCategories: ['accessibility'], disableStorageReset: true, logLevel: 'error' })
      const lhr = result!.lhr
      const failing = Object.values(lhr.audits).filter((audit) => audit.score !== null && audit.score < 1).map((audit) => audit.id)
      expect(failing, `${prefix}/account`).toEqual([])
      expect(lhr.categories.accessibility!.score, `${prefix}/account`).toBe(1)
    }
    const fresh = await context.newPage()
    await fresh.goto(`${baseURL}/en/account`)
    await expect(fresh.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})
