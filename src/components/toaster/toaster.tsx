import { useLingui } from '@lingui/react/macro'
import type { ComponentType } from 'react'
import type { Toast } from '../../../machines/toaster.machine'
import { lazyActor, useLazyActor } from '../../lib/lazy-actor'
import { connectToaster } from './connect'
import type { ToastListProps } from './toast-list'
import * as styles from './toaster.css'

/** The toasts' view, there once the toaster's machine is (they load together). */
let ToastList: ComponentType<ToastListProps> | undefined

/** The app's toaster. Its machine and the toasts' view load with the first toast, or with the
 * first page that can raise one (`useToaster`); until then the live regions stand empty. */
export const toaster = lazyActor(() =>
  import('./toast-list').then((module) => {
    ToastList = module.ToastList
    return module.toasterLogic
  }),
)

let lastId = 0

export type Notification = Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }

/** Shows a toast: `notify({ title: msg\`Saved\`, description, variant })`; any feature's logic may
 * call it. Texts that are catalog messages are translated where the toast shows. */
export function notify(notification: Notification) {
  lastId += 1
  toaster.send({ type: 'toast.add', toast: { variant: 'default', ...notification, id: `toast-${lastId}` } })
}

/** For pages that can raise a toast: the toaster loads as the page starts, so the first toast shows
 * at once. */
export function useToaster() {
  useLazyActor(toaster)
}

/** The toasts' live regions, on every page from the start (so that screen readers announce what
 * is added to them); the toasts themselves render once the first one is raised. */
export function Toaster() {
  const { t } = useLingui()
  const snapshot = useLazyActor(toaster, { start: false })
  const api = connectToaster(snapshot, toaster.send, {
    region: t({ message: 'Notifications', context: 'toast region label' }),
  })
  const dismissLabel = t({ message: 'Close notification', context: 'toast dismiss button' })
  const List = snapshot ? ToastList : undefined
  return (
    <section className={styles.region} {...api.regionProps}>
      <div {...api.politeListProps}>
        <ul className={styles.list}>{List ? <List toasts={api.polite} send={toaster.send} dismissLabel={dismissLabel} /> : null}</ul>
      </div>
      <div {...api.assertiveListProps}>
        <ul className={styles.list}>{List ? <List toasts={api.assertive} send={toaster.send} dismissLabel={dismissLabel} /> : null}</ul>
      </div>
    </section>
  )
}
