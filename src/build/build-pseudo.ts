import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'vite'
import { builtRoutes } from './built-routes'
import { htmlLang, langs } from '../i18n/lang'
import { pseudoDistDir, rootDir } from './site'

// `npm run build:pseudo`: the site in the pseudo-locale (Vite mode `pseudo`), into dist-pseudo/,
// for the end-to-end sweep that finds text escaping the catalogs. Pages render on the client:
// every route, and the 404 pages, get the empty shell in their language.
const started = performance.now()
// The route list comes from the site's own build (`npm run build`).
const allRoutes = builtRoutes()
await build({
  root: rootDir,
  mode: 'pseudo',
  logLevel: 'warn',
  build: { outDir: pseudoDistDir, emptyOutDir: true },
})

// Nothing is prerendered: each page runs the app's entry at once, instead of the page script
// that starts it after the first paint (src/app/page-script/).
const app = (await readdir(path.join(pseudoDistDir, 'assets'))).find((file) => /^app-[\w-]+\.js$/.test(file))
if (!app) throw new Error('the pseudo-locale build has no app entry')
const template = (await readFile(path.join(pseudoDistDir, 'index.html'), 'utf8')).replace(
  /<script type="module" crossorigin src="[^"]+"><\/script>/,
  `<script type="module" crossorigin src="/assets/${app}"></script>`,
)
const shell = (lang: 'nb' | 'en') =>
  template
    .replace('<html lang="nb">', `<html lang="${htmlLang[lang]}">`)
    .replace('<!--app-head-->', '')
    .replace('<!--app-html-->', '')
const write = async (file: string, lang: 'nb' | 'en') => {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, shell(lang))
}
for (const route of allRoutes) {
  await write(path.join(pseudoDistDir, route.url === '/' ? '' : route.url.slice(1), 'index.html'), route.lang)
}
for (const lang of langs) await write(path.join(pseudoDistDir, lang === 'nb' ? '404.html' : 'en/404.html'), lang)
console.log(`built the pseudo-locale site (${allRoutes.length} routes) in ${((performance.now() - started) / 1000).toFixed(1)} s`)
