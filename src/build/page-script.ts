import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { rolldown } from 'rolldown'
import { distDir, rootDir } from './site'

/** The page scripts (src/app/page-script/): one for public pages, one for pages that carry the page
 * a visitor without a session gets instead, one for the page an auth e-mail's link opens. */
export type PageScriptKind = 'public' | 'gated' | 'email-link'

/** Bundles a page script on its own, as one classic script: a function run at once (IIFE), so that
 * nothing it declares becomes the window's, with no imports. Writes it under dist/assets/ with a
 * content hash and returns its address. */
async function buildOne(kind: PageScriptKind): Promise<string> {
  const bundle = await rolldown({ input: path.join(rootDir, `src/app/page-script/${kind}.ts`), platform: 'browser', logLevel: 'warn' })
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true })
    const [chunk, ...others] = output
    if (chunk?.type !== 'chunk' || others.length > 0) throw new Error('a page script must be one file')
    const file = `assets/page-script-${kind}-${createHash('sha256').update(chunk.code).digest('base64url').slice(0, 8)}.js`
    await mkdir(path.join(distDir, 'assets'), { recursive: true })
    await writeFile(path.join(distDir, file), chunk.code)
    return `/${file}`
  } finally {
    await bundle.close()
  }
}

export async function buildPageScripts(): Promise<Record<PageScriptKind, string>> {
  const [publicScript, gated, emailLink] = await Promise.all([buildOne('public'), buildOne('gated'), buildOne('email-link')])
  return { public: publicScript, gated, 'email-link': emailLink }
}
