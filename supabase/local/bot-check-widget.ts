// The bot check's widget stand-in: what Cloudflare Turnstile's api.js is to a page, served by the
// local stack at /local-bot-check/api.js. It offers Turnstile's explicit-render API on
// `window.turnstile` (render, reset, remove, getResponse, isExpired), and calls `?onload=` once
// loaded, as api.js does. A rendered widget asks the stand-in's /challenge for a token at once (no
// step for the visitor, as Turnstile's always-pass test key) and hands it to `callback`; after 300 s
// the token expires (`expired-callback`); `reset` fetches a fresh one. Turnstile's always-fail test
// site key (2x00000000000000000000AB) gets a token that siteverify refuses, the one way a page asks
// it to. With `appearance: 'interaction-only'` (never needed here) it shows nothing, as Turnstile.
/** How long a token stays good (Turnstile's: five minutes). */
export const TOKEN_LIFETIME_MS = 300_000

export const ALWAYS_PASS_SITE_KEY = '1x00000000000000000000AA'
export const ALWAYS_FAIL_SITE_KEY = '2x00000000000000000000AB'

export function botCheckWidgetScript(): string {
  return `(() => {
  const script = document.currentScript
  const base = new URL(script ? script.src : location.href)
  const widgets = new Map()
  let count = 0
  const fire = (widget, name, value) => { if (typeof widget.params[name] === 'function') widget.params[name](value) }
  const challenge = (id) => {
    const widget = widgets.get(id)
    if (!widget) return
    clearTimeout(widget.expiry)
    widget.token = ''
    widget.expired = false
    widget.box.dataset.state = 'checking'
    const outcome = widget.params.sitekey === ${JSON.stringify(ALWAYS_FAIL_SITE_KEY)} ? 'refuse' : 'pass'
    fetch(new URL('challenge', base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome }) })
      .then((answer) => answer.json())
      .then(({ token }) => {
        if (widgets.get(id) !== widget) return
        widget.token = token
        widget.box.dataset.state = 'passed'
        widget.expiry = setTimeout(() => {
          widget.token = ''
          widget.expired = true
          widget.box.dataset.state = 'expired'
          fire(widget, 'expired-callback', token)
        }, ${TOKEN_LIFETIME_MS})
        fire(widget, 'callback', token)
      })
      .catch(() => {
        if (widgets.get(id) !== widget) return
        widget.box.dataset.state = 'failed'
        fire(widget, 'error-callback', '200500')
      })
  }
  const find = (id) => (id === undefined ? widgets.keys().next().value : id)
  window.turnstile = {
    render(container, params = {}) {
      const parent = typeof container === 'string' ? document.querySelector(container) : container
      if (!parent) throw new Error('turnstile: container not found')
      count += 1
      const id = 'local-bot-check-' + count
      const box = document.createElement('div')
      box.dataset.localBotCheck = id
      if (params.appearance === 'interaction-only') box.hidden = true
      else box.textContent = 'Local bot check'
      parent.appendChild(box)
      widgets.set(id, { params, box, token: '', expired: false })
      challenge(id)
      return id
    },
    reset(id) { challenge(find(id)) },
    remove(id) {
      const widget = widgets.get(find(id))
      if (!widget) return
      clearTimeout(widget.expiry)
      widget.box.remove()
      widgets.delete(find(id))
    },
    getResponse(id) { return widgets.get(find(id))?.token || undefined },
    isExpired(id) { return Boolean(widgets.get(find(id))?.expired) },
  }
  const onload = base.searchParams.get('onload')
  if (onload && typeof window[onload] === 'function') window[onload]()
})()
`
}
