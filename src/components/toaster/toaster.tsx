import { useLingui } from '@lingui/react/macro'
import { createContext, type ReactNode, useCallback, useContext, useSyncExternalStore } from 'react'
import type { Toast } from '../../../machines/toaster.machine'
import { connectToaster } from './connect'
import type { ToasterStore } from './toaster-store'
import * as styles from './toaster.css'

const ToasterStoreContext = createContext<ToasterStore | null>(null)

/** The app-wide toaster. Outside <ToasterProvider> it is a programming error. */
export function useToasterStore(): ToasterStore {
  const store = useContext(ToasterStoreContext)
  if (!store) throw new Error('The toaster was used outside <ToasterProvider>: wrap the app in <ToasterProvider>.')
  return store
}

let lastId = 0

export type Notification = Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }

/** Shows a toast: `notify({ title, description, variant })`. A page that can raise toasts loads
 * the toaster as it renders, so its first toast shows at once. */
export function useNotify() {
  const store = useToasterStore()
  void store.start()
  return useCallback(
    (notification: Notification) => {
      lastId += 1
      store.notify({ variant: 'default', ...notification, id: `toast-${lastId}` })
    },
    [store],
  )
}

/** The toasts' live regions, on every page from the start (so that screen readers announce what
 * is added to them); the toasts themselves render once the first one is raised. */
export function Toaster() {
  const { t } = useLingui()
  const store = useToasterStore()
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
  const api = connectToaster(snapshot, store.send, {
    region: t({ message: 'Notifications', context: 'toast region label' }),
  })
  const dismissLabel = t({ message: 'Close notification', context: 'toast dismiss button' })
  const List = store.List
  return (
    <section className={styles.region} {...api.regionProps}>
      <div {...api.politeListProps}>
        <ul className={styles.list}>{List ? <List toasts={api.polite} send={store.send} dismissLabel={dismissLabel} /> : null}</ul>
      </div>
      <div {...api.assertiveListProps}>
        <ul className={styles.list}>{List ? <List toasts={api.assertive} send={store.send} dismissLabel={dismissLabel} /> : null}</ul>
      </div>
    </section>
  )
}

/** Makes the app's toaster (created, and stopped, by whoever starts the app) available to views. */
export function ToasterProvider({ store, children }: { store: ToasterStore; children: ReactNode }) {
  return <ToasterStoreContext.Provider value={store}>{children}</ToasterStoreContext.Provider>
}
