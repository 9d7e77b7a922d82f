import { expect, type Page } from '@playwright/test'

/** Holds back every module of the app, everything under /assets/ but the page's own script, so
 * that a test acts, for certain, before any of the app runs; and records every document the page
 * loads. `release` lets the held modules, and any requested after, through. */
export async function holdApp(page: Page, url: string) {
  const html = await (await page.request.get(url)).text()
  const scripts = [...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1])
  expect(scripts).toHaveLength(1)
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  const held: Array<() => Promise<void>> = []
  let holding = true
  await page.route('**/assets/*.js', (route) => {
    if (!holding || scripts.includes(new URL(route.request().url()).pathname)) return route.continue()
    held.push(() => route.continue())
  })
  const release = async () => {
    holding = false
    for (const next of held.splice(0)) await next()
  }
  return { html, documents, release }
}

/** `holdApp`, on a page that carries, for a visitor without a session, the page they get in its
 * place. */
export async function holdAllButPageScript(page: Page, url: string) {
  const held = await holdApp(page, url)
  expect(held.html).toContain('<template data-without-session=')
  return held
}
