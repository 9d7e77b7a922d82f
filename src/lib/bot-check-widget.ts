import { msg } from '@lingui/core/macro'
import { fromCallback } from 'xstate'
import type { BotCheckEvent } from '../../machines/bot-check'

// The bot check's widget (Cloudflare Turnstile), loaded when a form is first used, never with the
// page. The site key is public (VITE_TURNSTILE_SITE_KEY); without one the forms have no bot check.
// The script is Turnstile's api.js, or the local stack's stand-in (VITE_TURNSTILE_SCRIPT_URL).
// Apart from the server messages (./bot-check.ts adds them): a form that shows only the refusal's
// sentence, on a page whose messages ship with every public page, loads no more.

const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js'
const ONLOAD = 'onVekstlinjeBotCheck'

interface TurnstileParams {
  sitekey: string
  appearance?: 'always' | 'execute' | 'interaction-only'
  language?: string
  callback?: (token: string) => void
  'expired-callback'?: () => void
  'error-callback'?: () => void
}

interface Turnstile {
  render: (container: HTMLElement, params: TurnstileParams) => string
  reset: (id: string) => void
  remove: (id: string) => void
}

const siteKey = () => (import.meta.env.VITE_TURNSTILE_SITE_KEY as string | undefined) || undefined

let loading: Promise<Turnstile> | undefined
const listeners = new Set<() => void>()

/** Loads the widget's script once (again after a failure), in explicit-render mode. */
function load(): Promise<Turnstile> {
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const url = new URL((import.meta.env.VITE_TURNSTILE_SCRIPT_URL as string | undefined) || TURNSTILE_SCRIPT)
    url.searchParams.set('render', 'explicit')
    url.searchParams.set('onload', ONLOAD)
    const global = window as unknown as Record<string, unknown>
    global[ONLOAD] = () => resolve(global.turnstile as Turnstile)
    const script = document.createElement('script')
    script.src = url.toString()
    script.async = true
    script.onerror = () => {
      script.remove()
      loading = undefined
      reject(new Error('The bot check could not load'))
    }
    document.head.append(script)
  })
  for (const listener of listeners) listener()
  return loading
}

/** For `loadOnFirstUse`: the widget starts loading as the visitor reaches the form. */
export const botCheckLoader = {
  isReady: () => !siteKey() || loading !== undefined,
  load: () => (siteKey() ? load().then(() => {}) : Promise.resolve()),
}

/** The widgets on the page, by the id of the element each renders in. */
const rendered = new Map<string, { api: Turnstile; id: string }>()

/** Asks a form's widget for a new token (a request has spent the last). */
export const resetBotCheck = (containerId: string) => () => {
  const widget = rendered.get(containerId)
  if (widget) widget.api.reset(widget.id)
}

/** The widget of one form, rendered into the element `containerId` once the form is first used:
 * its tokens go to the form's machine (`botCheck.*`). */
export const watchBotCheck = (containerId: string, lang: string) =>
  fromCallback(({ sendBack }) => {
    const key = siteKey()
    if (!key) return () => {}
    const send = (event: BotCheckEvent) => sendBack(event)
    send({ type: 'botCheck.started' })
    let stopped = false
    let widget: { api: Turnstile; id: string } | undefined
    let retried = false
    const render = () => {
      listeners.delete(render)
      load().then(
        (api) => {
          const container = document.getElementById(containerId)
          if (stopped || widget) return
          // A form that has just opened may not be on the page yet: once more after its render.
          if (!container) {
            if (!retried) requestAnimationFrame(render)
            retried = true
            return
          }
          const id = api.render(container, {
            sitekey: key,
            appearance: 'interaction-only',
            language: lang,
            callback: (token) => send({ type: 'botCheck.passed', token }),
            'expired-callback': () => send({ type: 'botCheck.expired' }),
            'error-callback': () => send({ type: 'botCheck.failed' }),
          })
          widget = { api, id }
          rendered.set(containerId, widget)
        },
        () => send({ type: 'botCheck.failed' }),
      )
    }
    // Rendered at once if the script is there or on its way, else when the form is first used.
    if (loading) render()
    else listeners.add(render)
    return () => {
      stopped = true
      listeners.delete(render)
      if (widget) {
        widget.api.remove(widget.id)
        rendered.delete(containerId)
      }
    }
  })

/** The servers' refusal of a missing or failed bot check: the auth service's `captcha_failed`, the
 * functions' `bot_check_failed`. Its message ships with the forms that have a bot check. */
// The widget fetches a fresh token after every answer, so a plain retry works: no reload, which
// would empty the form.
export const botCheckRefused = msg`We couldn't verify that you're human. Wait a few seconds and try again.`
