import { assign, setup } from 'xstate'

/** How long a toast stays before it leaves by itself (while not hovered or focused). */
export const DISMISS_AFTER_MS = 6000

export type ToastVariant = 'default' | 'destructive'

/** A toast's text: a catalog message (translated where it shows) or text already in the
 * visitor's language (a server's own words). */
export type ToastText = string | { id: string; message?: string; values?: Record<string, unknown> }

export interface Toast {
  id: string
  title: ToastText
  description?: ToastText
  variant: ToastVariant
}

export type ToasterEvent =
  | { type: 'toast.add'; toast: Toast }
  | { type: 'toast.dismiss'; id: string }
  | { type: 'toaster.pause' }
  | { type: 'toaster.resume' }

export interface ToasterContext {
  toasts: Toast[]
}

export const toasterMachine = setup({
  types: {
    context: {} as ToasterContext,
    events: {} as ToasterEvent,
  },
  delays: {
    dismissAfter: DISMISS_AFTER_MS,
  },
  guards: {
    isNew: ({ context, event }) => event.type === 'toast.add' && !context.toasts.some((t) => t.id === event.toast.id),
    isShown: ({ context, event }) => event.type === 'toast.dismiss' && context.toasts.some((t) => t.id === event.id),
    isLastShown: ({ context, event }) =>
      event.type === 'toast.dismiss' && context.toasts.length === 1 && context.toasts[0]?.id === event.id,
    hasOne: ({ context }) => context.toasts.length === 1,
  },
  actions: {
    addToast: assign({
      toasts: ({ context, event }) => (event.type === 'toast.add' ? [...context.toasts, event.toast] : context.toasts),
    }),
    removeToast: assign({
      toasts: ({ context, event }) => (event.type === 'toast.dismiss' ? context.toasts.filter((t) => t.id !== event.id) : context.toasts),
    }),
    removeOldest: assign({ toasts: ({ context }) => context.toasts.slice(1) }),
  },
}).createMachine({
  id: 'toaster',
  description: 'Short notifications in a corner of the screen, oldest leaving first.',
  context: { toasts: [] },
  initial: 'empty',
  states: {
    empty: {
      description: 'No notification shows.',
      on: {
        'toast.add': { guard: 'isNew', target: 'showing', actions: 'addToast', description: 'Something happened worth telling.' },
      },
    },
    showing: {
      description: 'One or more notifications show.',
      initial: 'running',
      on: {
        'toast.add': { guard: 'isNew', actions: 'addToast', description: 'Another notification joins the queue.' },
        'toast.dismiss': [
          { guard: 'isLastShown', target: 'empty', actions: 'removeToast', description: 'The last notification is closed.' },
          { guard: 'isShown', actions: 'removeToast', description: 'A notification is closed (button or Escape).' },
        ],
      },
      states: {
        running: {
          description: 'The oldest notification counts down to leaving.',
          after: {
            dismissAfter: [
              { guard: 'hasOne', target: '#toaster.empty', actions: 'removeOldest', description: 'The only notification times out.' },
              { target: 'running', reenter: true, actions: 'removeOldest', description: 'The oldest notification times out.' },
            ],
          },
          on: { 'toaster.pause': { target: 'paused', description: 'The pointer or focus is on the notifications.' } },
        },
        paused: {
          description: 'Held while the pointer or keyboard focus is on the notifications.',
          on: { 'toaster.resume': { target: 'running', description: 'Pointer and focus left the notifications.' } },
        },
      },
    },
  },
})
