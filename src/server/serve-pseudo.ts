import { serve } from '@hono/node-server'
import { pseudoDistDir } from '../build/site'
import { createSiteServer } from './site-server'

// `npm run serve:pseudo`: serves the pseudo-locale build (dist-pseudo/, made by
// `npm run build:pseudo`) with the site's own server, without a backend.
const port = Number(process.env.PORT ?? 5174)
serve({ fetch: createSiteServer({ distDir: pseudoDistDir }).fetch, port, hostname: process.env.HOST ?? '127.0.0.1' }, () =>
  console.log(`  pseudo-locale site  http://localhost:${port}`),
)
