import type { SnapshotFrom } from 'xstate'
import type { protectedRouteMachine } from '../../../machines/protected-route.machine'

/** From the gate's snapshot to what it shows: the page, sign-in's code step, or a spinner. */
export function connectProtectedRoute(snapshot: SnapshotFrom<typeof protectedRouteMachine>) {
  return {
    /** An account with two-factor sign-in whose session has not used its code yet. */
    challenged: snapshot.matches('challenged'),
    /** Signed in: the page shows (also while it is left). */
    allowed: snapshot.matches('allowed') || snapshot.matches('leaving'),
  }
}
