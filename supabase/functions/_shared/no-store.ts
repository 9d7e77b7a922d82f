// Every answer of a function may carry someone's data (their subscription, their export, a portal
// link): no browser, proxy or CDN keeps a copy. Web standards only.

export type Handler<Env> = (req: Request, env: Env) => Promise<Response>

/** The handler with `Cache-Control: no-store` on each of its answers (preflights and errors too). */
export function noStore<Env>(handler: Handler<Env>): Handler<Env> {
  return async (req, env) => {
    const res = await handler(req, env)
    const headers = new Headers(res.headers)
    headers.set('Cache-Control', 'no-store')
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
  }
}
