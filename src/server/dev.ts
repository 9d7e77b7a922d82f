import { createServer } from 'vite'
import { rootDir } from '../build/site'
import { localSupabaseEnv, startLocalStack, usesHostedSupabase } from './local-supabase'

// `npm run dev`: Vite with hot reload, talking to the local stack unless a hosted project is set.
for (const file of ['.env', '.env.local']) {
  try {
    process.loadEnvFile(file)
  } catch {
    // No such file.
  }
}
const port = Number(process.env.PORT ?? 5173)
let stack: Awaited<ReturnType<typeof startLocalStack>> | undefined
if (!usesHostedSupabase()) {
  Object.assign(process.env, await localSupabaseEnv())
  stack = await startLocalStack(process.env.SITE_URL ?? `http://localhost:${port}`)
}
const server = await createServer({ root: rootDir, server: { port, strictPort: true } })
await server.listen()
server.printUrls()
if (stack) console.log(`  ➜  Supabase (local): ${stack.url}   mailbox: ${stack.mailboxUrl}`)

const stop = async () => {
  await server.close()
  await stack?.stop()
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
