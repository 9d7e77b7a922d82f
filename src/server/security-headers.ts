/** Cloudflare Turnstile's widget script, which the forms load on first use. */
export const BOT_CHECK_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js'

/** The Content-Security-Policy of the site, given where its Supabase backend lives.
 * Documented for static hosts in the README: keep the two in step. */
export function contentSecurityPolicy(supabaseUrl: string | undefined, botCheckScriptUrl = BOT_CHECK_SCRIPT) {
  const backend = supabaseUrl ? new URL(supabaseUrl) : undefined
  const connect = ["'self'"]
  if (backend) connect.push(backend.origin, `${backend.protocol === 'https:' ? 'wss:' : 'ws:'}//${backend.host}`)
  // The bot check's widget: its script, and the frame Turnstile draws in (the local stand-in is
  // the stack, which connect-src has).
  const botCheck = new URL(botCheckScriptUrl).origin
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", botCheck],
    frameSrc: [botCheck],
    // Stylesheets are files; style attributes are allowed for computed widths (progress bars).
    styleSrc: ["'self'"],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: connect,
    formAction: ["'self'", ...(backend ? [backend.origin] : [])],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
  }
}

/** HTTPS only, for a year, subdomains included (browsers ignore it over plain HTTP, so
 * `npm start` on localhost is unaffected). Documented for static hosts in the README too. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains'
