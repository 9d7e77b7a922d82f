import type { FocusEvent, KeyboardEvent } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { Toast, ToasterEvent, toasterMachine } from '../../../machines/toaster.machine'

export interface ToasterLabels {
  region: string
  dismiss: string
}

export function connectToaster(snapshot: SnapshotFrom<typeof toasterMachine>, send: (event: ToasterEvent) => void, labels: ToasterLabels) {
  const { toasts } = snapshot.context
  const leaves = (event: FocusEvent<HTMLElement>) => !event.currentTarget.contains(event.relatedTarget as Node | null)
  return {
    toasts,
    polite: toasts.filter((t) => t.variant === 'default'),
    assertive: toasts.filter((t) => t.variant === 'destructive'),
    paused: snapshot.matches({ showing: 'paused' }),
    regionProps: {
      role: 'region' as const,
      'aria-label': labels.region,
      'data-scope': 'toaster',
      'data-state': snapshot.matches('empty') ? 'empty' : 'showing',
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
    getToastProps: (toast: Toast) => ({
      'data-part': 'toast',
      'data-variant': toast.variant,
      tabIndex: 0,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Escape') send({ type: 'toast.dismiss', id: toast.id })
      },
    }),
    getDismissProps: (toast: Toast) => ({
      type: 'button' as const,
      'aria-label': labels.dismiss,
      onClick: () => send({ type: 'toast.dismiss', id: toast.id }),
    }),
  }
}
