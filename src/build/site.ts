import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const distDir = path.join(rootDir, 'dist')
export const ssrDir = path.join(rootDir, 'dist-ssr')
/** The pseudo-locale build (`npm run build:pseudo`), which the pseudo-locale sweep visits. */
export const pseudoDistDir = path.join(rootDir, 'dist-pseudo')

/** The public origin of the site, used in canonical URLs, the sitemap and Open Graph tags. */
export const siteOrigin = () => (process.env.SITE_URL ?? 'http://localhost:5173').replace(/\/+$/, '')

/** Where a route's prerendered file lives: `/` → index.html, `/en/pricing` → en/pricing/index.html. */
export const pageFile = (url: string) => path.join(distDir, url === '/' ? '' : url.slice(1), 'index.html')
export const notFoundFile = (lang: 'nb' | 'en') => path.join(distDir, lang === 'nb' ? '404.html' : 'en/404.html')
