import type { FocusEvent } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { ToasterEvent, toasterMachine } from '../../../machines/toaster.machine'

type ToasterSnapshot = SnapshotFrom<typeof toasterMachine>

export interface ToasterLabels {
  region: string
}

/** `snapshot` is undefined until the first toast starts the toaster. */
export function connectToaster(snapshot: ToasterSnapshot | undefined, send: (event: ToasterEvent) => void, labels: ToasterLabels) {
  const toasts = snapshot?.context.toasts ?? []
  const leaves = (event: FocusEvent<HTMLElement>) => !event.currentTarget.contains(event.relatedTarget as Node | null)
  return {
    toasts,
    polite: toasts.filter((t) => t.variant === 'default'),
    assertive: toasts.filter((t) => t.variant === 'destructive'),
    paused: snapshot?.matches({ showing: 'paused' }) ?? false,
    regionProps: {
      role: 'region' as const,
      'aria-label': labels.region,
      'data-scope': 'toaster',
      'data-state': !snapshot || snapshot.matches('empty') ? 'empty' : 'showing',
      onPointerEnter: () => send({ type: 'toaster.pause' }),
      onPointerLeave: () => send({ type: 'toaster.resume' }),
      onFocus: () => send({ type: 'toaster.pause' }),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (leaves(event)) send({ type: 'toaster.resume' })
      },
    },
    /** Permanent live regions, so screen readers announce what is added to them. */
    politeListProps: { role: 'status' as const, 'aria-live': 'polite' as const },
    assertiveListProps: { role: 'alert' as const, 'aria-live': 'assertive' as const },
  }
}
