import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { ResolvedRoute, RouteKey } from '../routes'
import type { Lang } from '../i18n/lang'
import { distDir } from './site'

export type { ResolvedRoute, RouteKey }

/** The route list the build wrote (`dist/routes.json`), for tools that run against the built site:
 * the records in `src/routes.ts` hold messages, which only the build compiles. */
export function builtRoutes(dir: string = distDir): ResolvedRoute[] {
  const file = path.join(dir, 'routes.json')
  if (!existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)} is missing: run \`npm run build\` first`)
  return JSON.parse(readFileSync(file, 'utf8')) as ResolvedRoute[]
}

/** A built route's URL, like `href` of `src/routes.ts`. */
export function builtHref(key: RouteKey, lang: Lang, routes: ResolvedRoute[] = builtRoutes()): string {
  const route = routes.find((r) => r.key === key && r.lang === lang)
  if (!route) throw new Error(`no route ${key} in ${lang}`)
  return route.url
}
