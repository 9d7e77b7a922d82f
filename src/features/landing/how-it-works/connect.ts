import type { FocusEvent, PointerEvent } from 'react'
import type { SnapshotFrom } from 'xstate'
import { type HowItWorksEvent, STEP_COUNT, type howItWorksMachine, progressOf } from '../../../../machines/how-it-works.machine'

export interface HowItWorksLabels {
  /** The progress bar's name. */
  progress: string
  /** Spoken value of the progress bar, e.g. "Step 2 of 4: Content and ghostwriting". */
  progressValue: (step: number, total: number) => string
}

type Mode = 'idle' | 'running' | 'paused' | 'static'

/** Maps the how-it-works state to DOM and ARIA props. */
export function connectHowItWorks(
  snapshot: SnapshotFrom<typeof howItWorksMachine>,
  send: (event: HowItWorksEvent) => void,
  labels: HowItWorksLabels,
) {
  const mode = snapshot.value as Mode
  const active = snapshot.context.active
  const percent = Math.round(progressOf(active) * 100)
  return {
    active,
    percent,
    rootProps: {
      'data-scope': 'how-it-works',
      'data-part': 'root',
      'data-state': mode,
    },
    /** The steps' list: hovering it or focusing a step with the keyboard pauses the rotation; the
     * focus a mouse click leaves behind does not (a pointer press just before marks it). */
    listProps: {
      'data-part': 'list',
      onPointerEnter: () => send({ type: 'pointer.enter' }),
      onPointerLeave: (event: PointerEvent<HTMLElement>) => {
        delete event.currentTarget.dataset.pressed
        send({ type: 'pointer.leave' })
      },
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        event.currentTarget.dataset.pressed = 'true'
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        delete event.currentTarget.dataset.pressed
      },
      onFocus: (event: FocusEvent<HTMLElement>) => send({ type: 'focus.enter', keyboard: event.currentTarget.dataset.pressed !== 'true' }),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        const next = event.relatedTarget as Node | null
        if (!next || !event.currentTarget.contains(next)) send({ type: 'focus.leave' })
      },
    },
    itemProps: (index: number) => ({
      'data-part': 'item',
      'data-state': index === active ? 'active' : 'inactive',
    }),
    triggerProps: (index: number) => ({
      type: 'button' as const,
      'data-part': 'trigger',
      'data-state': index === active ? 'active' : 'inactive',
      'aria-current': index === active ? ('step' as const) : undefined,
      onClick: () => send({ type: 'step.select', index }),
    }),
    progressProps: {
      role: 'progressbar' as const,
      'data-part': 'progress',
      'aria-label': labels.progress,
      'aria-valuemin': 1,
      'aria-valuemax': STEP_COUNT,
      'aria-valuenow': active + 1,
      'aria-valuetext': labels.progressValue(active + 1, STEP_COUNT),
    },
    progressFillProps: {
      'data-part': 'progress-fill',
      style: { width: `${percent}%` },
    },
  }
}
