// Where the auth service may send a browser: GoTrue's redirect checks (the site URL, loopback
// hosts and the configured allow list).

/** GoTrue's isLocalhost: a host whose port may differ from the site URL's. */
const isLocalhost = (host: string) => ['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'].includes(host) || host.endsWith('.localhost')
/** An IPv4 or IPv6 loopback address (127.0.0.0/8, ::1), as Go's net.IP.IsLoopback. */
const isLoopbackIp = (host: string) => /^127(?:\.\d{1,3}){3}$/.test(host) || host === '::1'
/** The host of a URL as written (Go's url.Hostname(): no user, port or IPv6 brackets). The WHATWG
 * parser would turn `2130706433` or `0x7f.1` into 127.0.0.1; Go, and so GoTrue, does not. */
function hostOf(raw: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(raw)?.[1] ?? ''
  const host = authority.slice(authority.lastIndexOf('@') + 1)
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d*$/, '')
  return name.toLowerCase()
}

/** GoTrue's URI allow-list patterns (gobwas/glob with `.` and `/` as separators): `*` matches within
 * one part, `**` across parts, `?` one character of a part; the rest is literal. */
export function allowListPattern(glob: string): RegExp {
  let source = ''
  for (let i = 0; i < glob.length; i += 1) {
    const char = glob[i]!
    if (char === '*' && glob[i + 1] === '*') {
      source += '.*'
      i += 1
    } else if (char === '*') source += '[^./]*'
    else if (char === '?') source += '[^./]'
    else source += char.replace(/[\\^$.|+()[\]{}]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

/**
 * Whether the auth service may send the browser to `raw`, as GoTrue decides (IsRedirectURLValid in
 * supabase/auth): the site URL's scheme, host and port (any port on a loopback host); any loopback
 * IP address (native apps); otherwise only a URL matching the allow list (config.toml
 * additional_redirect_urls), fragment aside. Controls, spaces, decimal IP hosts and unusual host
 * names are refused.
 */
export function isRedirectAllowed(raw: string, siteUrl: string, allowList: readonly string[]): boolean {
  if (raw === '' || [...raw].some((c) => c <= ' ' || c === '\x7f')) return false
  let url: URL | null = null
  try {
    url = new URL(raw)
  } catch {
    if (/^https?:/i.test(raw)) return false
  }
  if (url) {
    const site = new URL(siteUrl)
    const host = hostOf(raw)
    if (host === hostOf(site.href) && url.protocol === site.protocol && (url.port === site.port || isLocalhost(host))) return true
    if (/^\d+$/.test(host)) return false
    if (/^[\d.]+$/.test(host) || host.includes(':')) return isLoopbackIp(host)
    if (/^https?:$/.test(url.protocol) && !/^[a-zA-Z0-9](?:[a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(host)) return false
  }
  const target = raw.split('#')[0]!
  return allowList.some((glob) => allowListPattern(glob).test(target))
}
