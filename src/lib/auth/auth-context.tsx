import { createContext, type ReactNode, useEffect, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { authMachine } from '../../../machines/auth.machine'

export type AuthActor = ActorRefFrom<typeof authMachine>

/** Holds the app's auth actor, created by the first page that reads it (`use-auth.ts`): public
 * pages never load the auth machine, nor the backend client behind it. */
export interface AuthActorHolder {
  actor?: AuthActor
}

export const AuthActorContext = createContext<AuthActorHolder | null>(null)

export function AuthProvider({ children }: { children: ReactNode }) {
  const [holder] = useState<AuthActorHolder>(() => ({}))
  // The actor, if a page created it, ends with the provider (as `useActorRef`'s would).
  useEffect(
    () => () => {
      holder.actor?.stop()
      holder.actor = undefined
    },
    [holder],
  )
  return <AuthActorContext.Provider value={holder}>{children}</AuthActorContext.Provider>
}
