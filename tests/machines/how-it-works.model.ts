import type { AnyMachineSnapshot, EventObject } from 'xstate'

type PlannedEvent = EventObject & Record<string, unknown>
import { STEP_MS } from '../../machines/how-it-works.machine'

/** The events the steps' paths are built from: motion, a click on step 3, hover, focus, the clock. */
export const howItWorksEvents = (snapshot: AnyMachineSnapshot): PlannedEvent[] => [
  { type: 'motion.allowed' },
  { type: 'motion.reduced' },
  { type: 'step.select', index: 2 },
  { type: 'pointer.enter' },
  { type: 'pointer.leave' },
  { type: 'focus.enter', keyboard: true },
  { type: 'focus.enter', keyboard: false },
  { type: 'focus.leave' },
  ...(snapshot.matches('running') ? [{ type: `xstate.after.${STEP_MS}.howItWorks.running` }] : []),
]

/** Names a state with the active step and what holds it: `paused(step 2, hovered)`. */
export const howItWorksLabel = (snapshot: AnyMachineSnapshot) => {
  const { active, hovered, focused } = snapshot.context
  const holds = [hovered && 'hovered', focused && 'focused'].filter(Boolean).join('+')
  return `${String(snapshot.value)}(step ${active + 1}${holds ? `, ${holds}` : ''})`
}
