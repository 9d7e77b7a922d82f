/** The Content-Security-Policy of the site, given where its Supabase backend lives.
 * Documented for static hosts in the README: keep the two in step. */
export function contentSecurityPolicy(supabaseUrl: string | undefined) {
  const backend = supabaseUrl ? new URL(supabaseUrl) : undefined
  const connect = ["'self'"]
  if (backend) connect.push(backend.origin, `${backend.protocol === 'https:' ? 'wss:' : 'ws:'}//${backend.host}`)
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
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
