import { expect, type Page } from '@playwright/test'

/** Holds back every module a page requests except its own script (the first one, `data-modules`),
 * so that a test sees what the page does before any of the app loads; and records every document
 * the page loads. Checks that the page at `url` carries the page a visitor without a session gets
 * in its place. `release` lets the held modules, and any requested after, through. */
export async function holdAllButPageScript(page: Page, url: string) {
  const html = await (await page.request.get(url)).text()
  const script = /<script type="module" crossorigin src="([^"]+)"[^>]* data-modules=/.exec(html)?.[1]
  expect(script).toBeTruthy()
  expect(html).toContain('<template data-without-session=')
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  const held: Array<() => Promise<void>> = []
  let holding = true
  await page.route('**/assets/*.js', (route) => {
    if (!holding || new URL(route.request().url()).pathname === script) return route.continue()
    held.push(() => route.continue())
  })
  const release = async () => {
    holding = false
    for (const continueRequest of held) await continueRequest()
  }
  return { documents, release }
}
