import type { AnyMachineSnapshot, EventObject } from 'xstate'

type PlannedEvent = EventObject & Record<string, unknown>
import { HERO_STEP_MS } from '../../machines/hero-card.machine'

/** The events the hero card's paths are built from: the motion preference, the control, the clock. */
export const heroCardEvents = (snapshot: AnyMachineSnapshot): PlannedEvent[] => [
  { type: 'motion.allowed' },
  { type: 'motion.reduced' },
  { type: 'control.pause' },
  { type: 'control.play' },
  ...(snapshot.matches('playing') ? [{ type: `xstate.after.${HERO_STEP_MS}.heroCard.playing` }] : []),
]

/** Names a state with the step on show: `playing(step 1)`. */
export const heroCardLabel = (snapshot: AnyMachineSnapshot) => `${String(snapshot.value)}(step ${snapshot.context.step})`
