import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, createMachine } from 'xstate'
import { watchMotion } from '../../src/lib/motion'

function fakeMediaQuery(matches: boolean) {
  const listeners = new Set<() => void>()
  const query = {
    matches,
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }
  const change = (next: boolean) => {
    query.matches = next
    for (const listener of listeners) listener()
  }
  return { query, listeners, change }
}

/** A parent that records what the watcher reports. */
function watch() {
  const seen: string[] = []
  const parent = createMachine({
    invoke: { src: watchMotion },
    on: { '*': { actions: ({ event }) => seen.push(event.type) } },
  })
  return { actor: createActor(parent).start(), seen }
}

afterEach(() => vi.unstubAllGlobals())

describe('watchMotion', () => {
  it('reports the preference at once and whenever it changes, and stops listening when stopped', () => {
    const media = fakeMediaQuery(true)
    vi.stubGlobal('matchMedia', vi.fn(() => media.query))
    const { actor, seen } = watch()
    expect(window.matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)')
    expect(seen).toEqual(['motion.reduced'])
    media.change(false)
    expect(seen).toEqual(['motion.reduced', 'motion.allowed'])
    actor.stop()
    expect(media.listeners.size).toBe(0)
  })

  it('allows motion where the browser cannot tell', () => {
    vi.stubGlobal('matchMedia', undefined)
    const { seen } = watch()
    expect(seen).toEqual(['motion.allowed'])
  })
})
