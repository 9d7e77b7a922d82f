import type { AnyActorRef, InspectionEvent } from 'xstate'

// Development only: a small panel listing the page's live actors and their current state.
// Off by default; `?machines` in the URL or Alt+Shift+M shows it. Loaded with a dynamic import
// behind `import.meta.env.DEV`, so production bundles contain none of it.

interface Live {
  id: string
  value: string
}

const format = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object'
      ? Object.entries(value)
          .map(([key, child]) => `${key}.${format(child)}`)
          .join(', ')
      : String(value)

export function startMachinesOverlay(subscribe: (listener: (event: InspectionEvent) => void) => void, search: string) {
  const actors = new Map<AnyActorRef, Live>()
  const panel = document.createElement('aside')
  panel.setAttribute('data-dev-machines', '')
  panel.setAttribute('aria-label', 'Live state machines (development)')
  panel.style.cssText =
    'position:fixed;left:8px;bottom:8px;z-index:2147483647;max-height:45vh;overflow:auto;min-width:260px;padding:8px 10px;font:12px/1.45 ui-monospace,monospace;background:#0f1020;color:#f4f4fa;border-radius:8px;box-shadow:0 8px 24px rgba(0,0,0,.3)'
  panel.hidden = !new URLSearchParams(search).has('machines')
  document.body.append(panel)

  const render = () => {
    if (panel.hidden) return
    const rows = [...actors.values()].map((a) => `<div><b>${a.id}</b> → ${a.value.replace(/</g, '&lt;')}</div>`)
    panel.innerHTML = `<div style="opacity:.7;margin-bottom:4px">machines (Alt+Shift+M)</div>${rows.join('') || '<div>none</div>'}`
  }

  subscribe((event) => {
    const actor = event.actorRef as AnyActorRef
    const logic = (actor as { logic?: { id?: string; root?: unknown } }).logic
    if (!logic?.root) return // machines only, not their promise or callback actors
    if (event.type !== '@xstate.snapshot') return
    const snapshot = event.snapshot as { status: string; value?: unknown }
    if (snapshot.status === 'stopped' || snapshot.status === 'done') actors.delete(actor)
    else actors.set(actor, { id: `${logic.id ?? 'machine'}#${actor.sessionId}`, value: format(snapshot.value) })
    render()
  })

  window.addEventListener('keydown', (event) => {
    if (event.altKey && event.shiftKey && event.code === 'KeyM') {
      panel.hidden = !panel.hidden
      render()
    }
  })
}
