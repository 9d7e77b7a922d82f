// `npm run shots`: a screenshot gallery for people (designers, translators, QA), not a test.
// Builds the site against its own local stack, serves it, and writes PNGs of every public page in
// both languages at 390 and 1280 px (or SHOTS_WIDTHS), plus the key states (menu open, a toast, form errors, the
// dashboard on Free and on Pro, checkout), and a contact sheet: shots/index.html. The stack, the
// site and the browser run in this process and stop with it, also on Ctrl+C.
//
//   npm run shots -- --pages /,/en/demo --no-build --out /tmp/shots   these pages only, no states
import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { serve } from '@hono/node-server'
import { type Browser, chromium, type Page } from 'playwright'
import { freePlan, nextPlanUp, paidPlans, type Plan } from '../../supabase/functions/_shared/plans.ts'
import { loadKeys } from '@vekstlinje/supabase-local/jwt'
import { startLocalStack } from '../server/local-supabase'
import { createSiteServer } from '../server/site-server'
import { builtRoutes } from './built-routes'
import { layOutDeferredParts } from './lay-out-deferred'
import { distDir, rootDir } from './site'
import { chromiumFlags, chromiumPath } from './chromium'
import { onStop, stopAll } from './stop-on-exit'

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string' },
    out: { type: 'string', default: path.join(rootDir, 'shots') },
    'no-build': { type: 'boolean', default: false },
  },
})
const port = Number(process.env.SHOTS_PORT ?? 5186)
const stackPort = Number(process.env.SHOTS_STACK_PORT ?? 54332)
const site = `http://localhost:${port}`
const stackUrl = `http://localhost:${stackPort}`
const outDir = path.resolve(args.out)
// SHOTS_WIDTHS=320,1280 for other widths.
const widths = (process.env.SHOTS_WIDTHS ?? '390,1280').split(',').map(Number)
// For the build and for the local stack, which both read them from the environment.
Object.assign(process.env, {
  PORT: String(port),
  SUPABASE_LOCAL_PORT: String(stackPort),
  SUPABASE_LOCAL_STATE: '.local/shots',
  SUPABASE_LOCAL_FRESH: '1',
  SITE_URL: site,
})

interface Shot {
  group: string
  caption: string
  file: string
}
const shots: Shot[] = []
const slug = (text: string) => text.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'

async function shoot(page: Page, group: string, caption: string, fullPage = true) {
  const file = `${slug(`${group}-${caption}`)}.png`
  if (fullPage) await page.evaluate(layOutDeferredParts)
  await page.screenshot({ path: path.join(outDir, file), fullPage })
  shots.push({ group, caption, file })
  console.log(`  ${file}`)
}

async function open(page: Page, url: string) {
  await page.goto(`${site}${url}`)
  // The app starts at the visitor's first sign of life: a pointer that moves (twice: one surely moves).
  await page.mouse.move(3, 3)
  await page.mouse.move(4, 4)
  await page.locator('html[data-hydrated]').waitFor()
  // Parts below the fold hydrate when seen: scroll through once so the picture shows them.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo({ top: y, behavior: 'instant' })
      await new Promise(requestAnimationFrame)
    }
    window.scrollTo({ top: 0, behavior: 'instant' })
  })
}

async function signedIn(browser: Browser, width: number, lang: 'nb' | 'en', plan: Plan) {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  const prefix = lang === 'en' ? '/en' : ''
  const email = `shots-${width}-${lang}-${plan}-${Date.now()}@example.no`
  await open(page, `${prefix}/register`)
  await page.locator('#fullName').fill('Kari Nordmann')
  await page.locator('#email').fill(email)
  await page.locator('#password').fill('fjord-Lys-2025')
  await page.locator('form button[type="submit"]').click()
  let link: string | undefined
  for (let tries = 0; !link && tries < 50; tries += 1) {
    const mails = (await (await fetch(`${stackUrl}/mailbox.json`)).json()) as Array<{ to: string; links: string[] }>
    link = mails.find((mail) => mail.to === email)?.links.find((l) => l.includes('/auth/confirm?'))
    if (!link) await page.waitForTimeout(200)
  }
  // The e-mail's link opens the confirmation page; its one button confirms.
  await open(page, link!)
  await page.locator('main button').click()
  await page.waitForURL(`**${prefix}/app`)
  await page.locator('[data-testid="plan-badge"]').filter({ hasText: 'Free' }).waitFor()
  if (plan !== freePlan) {
    const userId = await page.evaluate(
      () => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!)!).user.id,
    )
    const { serviceRoleKey } = await loadKeys(path.join(rootDir, '.local/shots/jwt-secret.json'))
    const res = await fetch(`${stackUrl}/rest/v1/subscriptions`, {
      method: 'POST',
      headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: userId, product_name: plan.id, status: 'active', current_period_end: '2026-12-22T00:00:00Z' }),
    })
    if (!res.ok) throw new Error(`could not give the user ${plan.name}: ${res.status} ${await res.text()}`)
    await page.reload()
  }
  await page.locator('[data-testid="plan-badge"]').filter({ hasText: plan.name }).waitFor()
  return page
}

async function main() {
  if (!args['no-build']) {
    const build = spawnSync('npx', ['tsx', 'src/build/build.ts'], { cwd: rootDir, stdio: 'inherit' })
    if (build.status !== 0) process.exit(build.status ?? 1)
  }
  const publicUrls = builtRoutes()
    .filter((route) => route.access === 'public')
    .map((route) => route.url)
  const pages = args.pages ? args.pages.split(',').map((page) => page.trim()) : publicUrls
  const unknown = pages.filter((page) => !publicUrls.includes(page))
  if (unknown.length) throw new Error(`not a public page: ${unknown.join(', ')}`)
  mkdirSync(outDir, { recursive: true })
  for (const file of readdirSync(outDir)) if (file.endsWith('.png') || file === 'index.html') rmSync(path.join(outDir, file))
  const stack = await startLocalStack(site)
  onStop(() => stack.stop())
  const server = serve({ fetch: createSiteServer({ distDir, supabaseUrl: stack.url }).fetch, port, hostname: '127.0.0.1' })
  onStop(() => new Promise((done) => server.close(done)))
  await once(server, 'listening')
  // This process stops the browser itself, after what else it started.
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  })
  onStop(() => browser.close())
  console.log(`Shooting ${pages.length} page(s)${args.pages ? '' : ' and the key states'} at ${widths.join(' and ')} px on ${site}`)
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    for (const url of pages) {
      await open(page, url)
      await shoot(page, `Pages at ${width} px`, url)
    }
    // The key states come with the full set of pages.
    for (const lang of args.pages ? [] : (['nb', 'en'] as const)) {
      const prefix = lang === 'en' ? '/en' : ''
      const states = `States at ${width} px`
      if (width < 1024) {
        await open(page, prefix || '/')
        await page.locator('#mobile-menu-trigger').click()
        await page.locator('#mobile-menu').waitFor()
        await shoot(page, states, `${lang} menu open`, false)
      }
      await open(page, `${prefix}/demo`)
      await page.locator('form[method="post"] button[type="submit"]').click()
      await page.locator('[aria-invalid="true"]').first().waitFor()
      await shoot(page, states, `${lang} demo form errors`)
      await open(page, `${prefix}/login`)
      await page.locator('#email').fill('nobody@example.no')
      await page.locator('#password').fill('wrong-password')
      await page.locator('form button[type="submit"]').click()
      await page.getByRole('alert').first().waitFor()
      await shoot(page, states, `${lang} login error toast`, false)
      for (const plan of [freePlan, ...paidPlans]) {
        const signedInPage = await signedIn(browser, width, lang, plan)
        await shoot(signedInPage, states, `${lang} dashboard ${plan.id}`)
        const next = nextPlanUp(plan)
        if (plan === freePlan && next) {
          // The checkout route of a plan (src/routes.ts, which needs the build's macros).
          await open(signedInPage, `${prefix}/checkout-${next.id}`)
          await shoot(signedInPage, states, `${lang} checkout`)
          await open(signedInPage, `${prefix}/account`)
          await shoot(signedInPage, states, `${lang} account`)
        }
        await signedInPage.close()
      }
    }
    await page.close()
  }
  const groups = [...new Set(shots.map((shot) => shot.group))]
  const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Vekstlinje — screenshots</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; background: #f3f3f8; color: #0f1020 }
section { margin-bottom: 40px } .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 16px; align-items: start }
figure { margin: 0; background: #fff; border: 1px solid #e3e3ee; border-radius: 8px; padding: 8px }
img { width: 100%; aspect-ratio: 9 / 16; object-fit: cover; object-position: top; display: block; border-radius: 4px }
.wide img { aspect-ratio: 16 / 10 }
figcaption { margin-top: 6px; font-weight: 600 }
</style></head><body>
<h1>Vekstlinje — screenshots</h1>
<p>Taken ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC from the built site. Click a picture for the full page.</p>
${groups
  .map(
    (group) => `<section><h2>${escapeHtml(group)}</h2><div class="grid${group.includes('1280') ? ' wide' : ''}">
${shots
  .filter((shot) => shot.group === group)
  .map((shot) => `<figure><a href="${shot.file}"><img src="${shot.file}" alt="" loading="lazy"></a><figcaption>${escapeHtml(shot.caption)}</figcaption></figure>`)
  .join('\n')}
</div></section>`,
  )
  .join('\n')}
</body></html>
`
  writeFileSync(path.join(outDir, 'index.html'), html)
  console.log(`\n${shots.length} screenshots; open ${path.relative(process.cwd(), path.join(outDir, 'index.html'))}`)
}

try {
  await main()
} finally {
  await stopAll()
}
