import { serve } from '@hono/node-server'
import { distDir } from '../build/site'
import { createSiteServer } from './site-server'

const port = Number(process.env.PORT ?? 5173)
const supabaseUrl = process.env.VITE_SUPABASE_URL

const app = createSiteServer({ distDir, supabaseUrl })
serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, () => {
  console.log(`site  http://localhost:${port}`)
})
