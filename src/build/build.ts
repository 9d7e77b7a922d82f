import { rm } from 'node:fs/promises'
import { build } from 'vite'
import { writeOgImages } from './og-image'
import { localSupabaseEnv, usesHostedSupabase } from '../server/local-supabase'
import { prerender } from './prerender'
import { configuredAuth } from '@vekstlinje/supabase-local/config'
import { isProductionBuild, productionBuildProblems } from './production'
import { distDir, rootDir, ssrDir } from './site'

const started = performance.now()
const mode = process.env.BUILD_MODE ?? 'production'

if (isProductionBuild(process.argv.slice(2), process.env)) {
  const problems = productionBuildProblems(process.env, { botCheck: configuredAuth().botCheck === true })
  if (problems.length > 0) {
    console.error(`The production build needs its configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    process.exit(1)
  }
}

// Without a hosted project, the bundle talks to the local stack (its URL and public anon key).
if (!usesHostedSupabase()) Object.assign(process.env, await localSupabaseEnv())

// Client and server builds must share the mode, or vanilla-extract class names differ.
// The manifest tells the prerenderer which chunks each page loads first.
await build({ root: rootDir, mode, logLevel: 'warn', build: { manifest: true } })
await build({
  root: rootDir,
  mode,
  logLevel: 'warn',
  build: { ssr: 'src/app/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
})
const pages = await prerender()
await writeOgImages(distDir)
await rm(ssrDir, { recursive: true, force: true })
console.log(`built and prerendered ${pages} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`)
