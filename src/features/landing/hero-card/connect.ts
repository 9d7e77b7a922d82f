import type { SnapshotFrom } from 'xstate'
import { HERO_STEP_COUNT, type HeroCardEvent, type heroCardMachine } from '../../../../machines/hero-card.machine'

export interface HeroCardLabels {
  pause: string
  play: string
}

type Mode = 'idle' | 'playing' | 'paused' | 'static'

/** Maps the hero card's state to DOM and ARIA props. */
export function connectHeroCard(
  snapshot: SnapshotFrom<typeof heroCardMachine>,
  send: (event: HeroCardEvent) => void,
  labels: HeroCardLabels,
) {
  const mode = snapshot.value as Mode
  const step = snapshot.context.step
  const playing = mode === 'playing'
  const canControl = playing || mode === 'paused'
  return {
    step,
    steps: Array.from({ length: HERO_STEP_COUNT }, (_, index) => index),
    playing,
    rootProps: {
      'data-scope': 'hero-card',
      'data-part': 'root',
      'data-state': mode,
      'data-step': step,
    },
    /** The changing content: never announced while it moves by itself, politely once it stands still. */
    viewportProps: {
      'data-part': 'viewport',
      'aria-live': playing ? ('off' as const) : ('polite' as const),
      'aria-atomic': true,
    },
    stepProps: (index: number) => {
      const active = index === step
      return {
        'data-part': 'step',
        'data-state': active ? 'active' : 'inactive',
        'aria-hidden': active ? undefined : true,
      }
    },
    indicatorProps: (index: number) => ({
      'data-part': 'indicator',
      'data-state': index === step ? 'active' : index < step ? 'done' : 'upcoming',
    }),
    controlProps: {
      type: 'button' as const,
      'data-part': 'control',
      'aria-label': playing ? labels.pause : labels.play,
      hidden: !canControl,
      onClick: () => send({ type: playing ? 'control.pause' : 'control.play' }),
    },
  }
}
