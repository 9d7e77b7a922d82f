import type { ComponentType } from 'react'
import { type ActorRefFrom, createActor, type SnapshotFrom } from 'xstate'
import type { Toast, ToasterEvent, toasterMachine } from '../../../machines/toaster.machine'
import { appInspect } from '../../lib/inspector'
import type { ToastListProps } from './toast-list'

type ToasterActor = ActorRefFrom<typeof toasterMachine>
export type ToasterSnapshot = SnapshotFrom<typeof toasterMachine>

/** The app's toaster. Its machine and the toasts' view load with the first toast, so a page that
 * never shows one never downloads them; until then the live regions stand empty. */
export class ToasterStore {
  #actor: ToasterActor | undefined
  #starting: Promise<ToasterActor> | undefined
  readonly #listeners = new Set<() => void>()
  /** The toasts' view, there once the machine is. */
  List: ComponentType<ToastListProps> | undefined

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  getSnapshot = (): ToasterSnapshot | undefined => this.#actor?.getSnapshot()

  send = (event: ToasterEvent) => {
    this.#actor?.send(event)
  }

  /** Loads and starts the machine (once). */
  start = (): Promise<ToasterActor> => {
    this.#starting ??= import('./toast-list').then(({ toasterLogic, ToastList }) => {
      const actor = createActor(toasterLogic, { inspect: appInspect })
      this.List = ToastList
      actor.subscribe(this.#changed)
      actor.start()
      this.#actor = actor
      this.#changed()
      return actor
    })
    return this.#starting
  }

  /** Shows the toast at once if the toaster is running, else as soon as it is. */
  notify = (toast: Toast) => {
    if (this.#actor) this.#actor.send({ type: 'toast.add', toast })
    else void this.start().then((actor) => actor.send({ type: 'toast.add', toast }))
  }

  stop = () => {
    this.#actor?.stop()
  }

  #changed = () => {
    for (const listener of this.#listeners) listener()
  }
}
