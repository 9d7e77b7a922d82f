import { useMachine } from '@xstate/react'
import type { ActorOptions, AnyStateMachine } from 'xstate'
import { appInspect } from './inspector'

/** `useMachine` with the app's inspection wired in, so every actor shows in the inspector. */
export function useAppMachine<TMachine extends AnyStateMachine>(machine: TMachine, options?: ActorOptions<TMachine>) {
  return useMachine(machine, { ...options, inspect: appInspect } as never)
}
