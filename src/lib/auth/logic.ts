import { authMachine } from '../../../machines/auth.machine'
import { signOut, watchAuthChanges } from './session-actors'

/** The auth machine with its real effects (the backend's session and sign-out). */
export const authLogic = authMachine.provide({ actors: { watchAuthChanges, signOut } })
