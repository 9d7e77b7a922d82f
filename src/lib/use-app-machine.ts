import { useMachine } from '@xstate/react'
import { createContext, useContext } from 'react'
import type { ActorOptions, AnyStateMachine } from 'xstate'
import { appInspect } from './inspector'

/** A component test's stand-ins: given the machine a component asks for (its feature's logic, in
 * the page's language), the same machine with stand-in actors and effects, or nothing
 * (`renderInApp(ui, { standIns: [standIn(loginFormMachine, { actors: { signIn: fake } })] })`).
 * The one way a test reaches a feature's effects; the app never sets it. */
export type StandIns = (machine: AnyStateMachine) => AnyStateMachine | undefined
export const MachineStandIns = createContext<StandIns>(() => undefined)

/** `useMachine` with the app's inspection wired in, so every actor shows in the inspector (and a
 * test's stand-ins, where it gives some). */
export function useAppMachine<TMachine extends AnyStateMachine>(machine: TMachine, options?: ActorOptions<TMachine>) {
  const standIn = useContext(MachineStandIns)(machine) as TMachine | undefined
  return useMachine(standIn ?? machine, { ...options, inspect: appInspect } as never)
}
