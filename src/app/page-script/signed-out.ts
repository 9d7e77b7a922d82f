/** Whether the visitor is surely signed out, known before any of the app loads: no session stored
 * in this browser (the key supabase-js is given in src/lib/supabase.ts), nothing in the address's
 * fragment (an e-mail link or Google brings a session there) and no `code` in its query (Google's
 * sign-in with PKCE). A stricter form of the app's `mayHaveSession`, for the page's own script,
 * which imports nothing of the app. */
export function certainlySignedOut(): boolean {
  try {
    return localStorage.getItem('vekstlinje-auth-token') === null && !location.hash && !new URLSearchParams(location.search).has('code')
  } catch {
    return false
  }
}

/** Marks the page, from its script in the head, when the visitor is surely signed out: its own
 * content stays unpainted (the stylesheet hides `#root` under `html[data-without-session]`) until
 * `pageForVisitor` has put the page they get in its place. So the first paint is that page, and its
 * layout is part of the first paint, not work after it. */
export function markSignedOut() {
  if (certainlySignedOut()) document.documentElement.dataset.withoutSession = ''
}

/** A page that needs a session carries, prerendered, the page a visitor without one gets instead
 * (`template[data-without-session]`, with that page's modules: a signed-in page its sign-in page,
 * which brings them back, `data-come-back`; the new-password page the form that asks for a link).
 * A visitor who surely has none gets it at once, at its own address, without loading a second page:
 * the template's element is returned, to start its modules. Anyone else gets the page itself,
 * whose gate decides (`own` is returned). */
export function pageForVisitor(own: HTMLElement): HTMLElement {
  const fallback = document.querySelector<HTMLTemplateElement>('template[data-without-session]')
  const html = document.documentElement
  if (!fallback || html.dataset.withoutSession === undefined) {
    delete html.dataset.withoutSession
    return own
  }
  try {
    const { withoutSession, comeBack, title } = fallback.dataset
    history.replaceState(null, '', comeBack === undefined ? withoutSession : `${withoutSession}?next=${encodeURIComponent(location.pathname + location.search)}`)
    document.title = title ?? ''
    document.getElementById('root')?.replaceChildren(fallback.content)
  } finally {
    delete html.dataset.withoutSession
  }
  return fallback
}
