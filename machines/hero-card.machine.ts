import { assign, fromCallback, setup } from 'xstate'
import type { MotionEvent } from './motion'

/** How long each step of the hero card shows before the next one (ms). */
export const HERO_STEP_MS = 4000

/** The card's steps, in order: drafting outreach, best next message, a sample message. */
export const HERO_STEP_COUNT = 3


export type HeroCardEvent = MotionEvent | { type: 'control.pause' } | { type: 'control.play' }

export interface HeroCardContext {
  /** The step on show: 0 drafting outreach, 1 best next message, 2 the sample message. */
  step: number
}

export const heroCardMachine = setup({
  types: {
    context: {} as HeroCardContext,
    events: {} as HeroCardEvent,
  },
  actors: {
    // Provided by the app: reports the user's motion preference now and whenever it changes.
    watchMotion: fromCallback<MotionEvent>(() => () => {}),
  },
  actions: {
    showNextStep: assign({ step: ({ context }) => (context.step + 1) % HERO_STEP_COUNT }),
    showFirstStep: assign({ step: 0 }),
  },
}).createMachine({
  id: 'heroCard',
  description: 'The floating card in the landing hero: drafting outreach → best next message → a sample message, in a loop.',
  context: { step: 0 },
  invoke: { id: 'motion', src: 'watchMotion' },
  initial: 'idle',
  states: {
    idle: {
      description: 'Until the motion preference is known the card shows its first step; nothing moves.',
      on: {
        'motion.allowed': { target: 'playing', description: 'The user accepts motion: start cycling.' },
        'motion.reduced': { target: 'static', description: 'The user prefers reduced motion: stay still.' },
      },
    },
    playing: {
      description: 'Shows one step, then the next one after the step duration.',
      after: {
        [HERO_STEP_MS]: {
          target: 'playing',
          reenter: true,
          actions: 'showNextStep',
          description: `After ${HERO_STEP_MS} ms the next step shows (after the last, the first).`,
        },
      },
      on: {
        'control.pause': { target: 'paused', description: 'The user pauses the animation.' },
        'motion.reduced': {
          target: 'static',
          actions: 'showFirstStep',
          description: 'The user switches to reduced motion: back to the first step, still.',
        },
      },
    },
    paused: {
      description: 'The user paused the animation: the current step stays.',
      on: {
        'control.play': { target: 'playing', description: 'The user resumes the animation.' },
        'motion.reduced': {
          target: 'static',
          actions: 'showFirstStep',
          description: 'The user switches to reduced motion: back to the first step, still.',
        },
      },
    },
    static: {
      description: 'Reduced motion: the first step shows and no timer runs.',
      on: {
        'motion.allowed': { target: 'playing', description: 'The user allows motion again: start cycling.' },
      },
    },
  },
})
