import { useLingui } from '@lingui/react/macro'
import { createActorContext } from '@xstate/react'
import { X } from 'lucide'
import { IconSvg } from '../../components/icon'
import { type ReactNode, useCallback } from 'react'
import { type Toast, toasterMachine } from '../../../machines/toaster.machine'
import { appInspect } from '../../app/inspector'
import { connectToaster } from './connect'
import * as styles from './toaster.css'

/** The app-wide toaster actor. */
export const ToasterContext = createActorContext(toasterMachine, { inspect: appInspect })

let lastId = 0

export type Notification = Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }

/** Shows a toast: `notify({ title, description, variant })`. */
export function useNotify() {
  const toaster = ToasterContext.useActorRef()
  return useCallback(
    (notification: Notification) => {
      lastId += 1
      toaster.send({ type: 'toast.add', toast: { variant: 'default', ...notification, id: `toast-${lastId}` } })
    },
    [toaster],
  )
}

function ToastList({ toasts, api }: { toasts: Toast[]; api: ReturnType<typeof connectToaster> }) {
  return toasts.map((toast) => (
    <li key={toast.id} className={styles.toast} {...api.getToastProps(toast)}>
      <div>
        <p className={styles.title}>{toast.title}</p>
        {toast.description ? <p className={styles.description}>{toast.description}</p> : null}
      </div>
      <button className={styles.dismiss} {...api.getDismissProps(toast)}>
        <IconSvg icon={X} size={18} aria-hidden="true" />
      </button>
    </li>
  ))
}

export function Toaster() {
  const { t } = useLingui()
  const snapshot = ToasterContext.useSelector((s) => s)
  const toaster = ToasterContext.useActorRef()
  const api = connectToaster(snapshot, toaster.send, {
    region: t({ message: 'Notifications', context: 'toast region label' }),
    dismiss: t({ message: 'Close notification', context: 'toast dismiss button' }),
  })
  return (
    <section className={styles.region} {...api.regionProps}>
      <div {...api.politeListProps}>
        <ul className={styles.list}>
          <ToastList toasts={api.polite} api={api} />
        </ul>
      </div>
      <div {...api.assertiveListProps}>
        <ul className={styles.list}>
          <ToastList toasts={api.assertive} api={api} />
        </ul>
      </div>
    </section>
  )
}

export function ToasterProvider({ children }: { children: ReactNode }) {
  return <ToasterContext.Provider>{children}</ToasterContext.Provider>
}
