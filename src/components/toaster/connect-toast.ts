import type { KeyboardEvent } from 'react'
import type { Toast, ToasterEvent } from '../../../machines/toaster.machine'

/** One toast's props: Escape on it or its button dismisses it. */
export function connectToast(toast: Toast, send: (event: ToasterEvent) => void, labels: { dismiss: string }) {
  const dismiss = () => send({ type: 'toast.dismiss', id: toast.id })
  return {
    toastProps: {
      'data-part': 'toast',
      'data-variant': toast.variant,
      tabIndex: 0,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Escape') dismiss()
      },
    },
    dismissProps: {
      type: 'button' as const,
      'aria-label': labels.dismiss,
      onClick: dismiss,
    },
  }
}
