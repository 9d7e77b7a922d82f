import { assign, fromCallback, setup } from 'xstate'
import type { MotionEvent } from './motion'

/** How long each step stays active before the next one (ms). */
export const STEP_MS = 4000

/** ICP and positioning, content and ghostwriting, outreach and DMs, qualified handoffs. */
export const STEP_COUNT = 4


export type HowItWorksEvent =
  | MotionEvent
  | { type: 'step.select'; index: number }
  | { type: 'pointer.enter' }
  | { type: 'pointer.leave' }
  /** `keyboard` is false for the focus a mouse click leaves on a step (hovering pauses then). */
  | { type: 'focus.enter'; keyboard: boolean }
  | { type: 'focus.leave' }

export interface HowItWorksContext {
  /** The active step, 0-based. */
  active: number
  /** The pointer is over the steps. */
  hovered: boolean
  /** A step has keyboard focus. */
  focused: boolean
}

/** The share of the progress bar that is filled: (active + 1) / steps. */
export const progressOf = (active: number) => (active + 1) / STEP_COUNT

export const howItWorksMachine = setup({
  types: {
    context: {} as HowItWorksContext,
    events: {} as HowItWorksEvent,
  },
  actors: {
    // Provided by the app: reports the user's motion preference now and whenever it changes.
    watchMotion: fromCallback<MotionEvent>(() => () => {}),
  },
  actions: {
    activateNext: assign({ active: ({ context }) => (context.active + 1) % STEP_COUNT }),
    activateSelected: assign({ active: (_, params: { index: number }) => Math.min(Math.max(Math.trunc(params.index), 0), STEP_COUNT - 1) }),
    markHovered: assign({ hovered: true }),
    markUnhovered: assign({ hovered: false }),
    markFocused: assign({ focused: true }),
    markUnfocused: assign({ focused: false }),
  },
  guards: {
    isFocused: ({ context }) => context.focused,
    isKeyboardFocus: ({ event }) => event.type === 'focus.enter' && event.keyboard,
    isHovered: ({ context }) => context.hovered,
    isEngaged: ({ context }) => context.hovered || context.focused,
  },
}).createMachine({
  id: 'howItWorks',
  description: 'The four how-it-works steps: the active one advances on a timer, pauses on hover or focus, and follows clicks.',
  context: { active: 0, hovered: false, focused: false },
  invoke: { id: 'motion', src: 'watchMotion' },
  initial: 'idle',
  on: {
    'pointer.enter': { actions: 'markHovered', description: 'The pointer moves over the steps.' },
    'pointer.leave': { actions: 'markUnhovered', description: 'The pointer leaves the steps.' },
    'focus.enter': { guard: 'isKeyboardFocus', actions: 'markFocused', description: 'A step receives keyboard focus.' },
    'focus.leave': { actions: 'markUnfocused', description: 'Focus leaves the steps.' },
  },
  states: {
    idle: {
      description: 'Until the motion preference is known the first step is active; nothing advances.',
      on: {
        'motion.allowed': { target: 'running', description: 'The user accepts motion: start advancing.' },
        'motion.reduced': { target: 'static', description: 'The user prefers reduced motion: never advance.' },
        'step.select': { actions: { type: 'activateSelected', params: ({ event }) => ({ index: event.index }) }, description: 'A step is clicked: it becomes active.' },
      },
    },
    running: {
      description: 'The active step advances after the step duration.',
      after: {
        [STEP_MS]: {
          target: 'running',
          reenter: true,
          actions: 'activateNext',
          description: `After ${STEP_MS} ms the next step becomes active (after the last, the first).`,
        },
      },
      on: {
        'step.select': {
          target: 'running',
          reenter: true,
          actions: { type: 'activateSelected', params: ({ event }) => ({ index: event.index }) },
          description: 'A step is clicked: it becomes active and gets a full step duration.',
        },
        'pointer.enter': { target: 'paused', actions: 'markHovered', description: 'Hovering pauses the steps.' },
        'focus.enter': {
          guard: 'isKeyboardFocus',
          target: 'paused',
          actions: 'markFocused',
          description: 'Keyboard focus on a step pauses the steps (the focus a mouse click leaves does not).',
        },
        'motion.reduced': { target: 'static', description: 'The user switches to reduced motion: stop advancing.' },
      },
    },
    paused: {
      description: 'Hovered or focused: the active step stays until both pointer and focus have left.',
      on: {
        'step.select': { actions: { type: 'activateSelected', params: ({ event }) => ({ index: event.index }) }, description: 'A step is clicked: it becomes active.' },
        'pointer.leave': [
          {
            guard: 'isFocused',
            actions: 'markUnhovered',
            description: 'The pointer leaves, but a step still has focus: stay paused.',
          },
          { target: 'running', actions: 'markUnhovered', description: 'The pointer leaves and nothing has focus: advance again.' },
        ],
        'focus.leave': [
          {
            guard: 'isHovered',
            actions: 'markUnfocused',
            description: 'Focus leaves, but the pointer is still over the steps: stay paused.',
          },
          { target: 'running', actions: 'markUnfocused', description: 'Focus leaves and the pointer is away: advance again.' },
        ],
        'motion.reduced': { target: 'static', description: 'The user switches to reduced motion: stop advancing.' },
      },
    },
    static: {
      description: 'Reduced motion: the active step changes only when the user selects one.',
      on: {
        'step.select': { actions: { type: 'activateSelected', params: ({ event }) => ({ index: event.index }) }, description: 'A step is clicked: it becomes active.' },
        'motion.allowed': [
          {
            guard: 'isEngaged',
            target: 'paused',
            description: 'Motion is allowed again while the steps are hovered or focused: wait.',
          },
          { target: 'running', description: 'Motion is allowed again: start advancing.' },
        ],
      },
    },
  },
})
