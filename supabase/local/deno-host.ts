// Runs under Deno (`deno run … deno-host.ts <handler.ts>`): serves one function's handler with
// Deno.serve, as the function's index.ts does on hosted Supabase, except that the environment
// comes with each request (header X-Function-Env, base64 JSON) so that the local stack and the
// tests can vary it. Never deployed: the CLI uploads index.ts and what it imports.
declare const Deno: {
  args: string[]
  serve(handler: (req: Request) => Response | Promise<Response>): unknown
}
type Handler = (req: Request, env: Record<string, string | undefined>) => Promise<Response>

export const ENV_HEADER = 'x-function-env'

const [file] = Deno.args
if (!file) throw new Error('usage: deno run deno-host.ts <path to handler.ts>')
const { default: handler } = (await import(new URL(file, 'file:///').href)) as { default: Handler }

Deno.serve(async (req) => {
  const encoded = req.headers.get(ENV_HEADER)
  const json = encoded ? new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))) : '{}'
  const env = JSON.parse(json) as Record<string, string | undefined>
  const headers = new Headers(req.headers)
  headers.delete(ENV_HEADER)
  const body = req.method === 'GET' || req.method === 'HEAD' ? null : await req.arrayBuffer()
  try {
    return await handler(new Request(req.url, { method: req.method, headers, body }), env)
  } catch (error) {
    console.error('[deno host] the handler threw', error)
    return new Response(JSON.stringify({ code: 500, message: 'Function failed with an uncaught error' }), { status: 500 })
  }
})
