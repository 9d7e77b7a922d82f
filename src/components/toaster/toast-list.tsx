import { X } from 'lucide'
import { type Toast, type ToasterEvent, toasterMachine } from '../../../machines/toaster.machine'
import { IconSvg } from '../icon'
import { connectToast } from './connect-toast'
import * as styles from './toaster.css'

/** Loaded with the first toast (see `toaster-store.ts`). */
export const toasterLogic = toasterMachine

export interface ToastListProps {
  toasts: Toast[]
  send: (event: ToasterEvent) => void
  dismissLabel: string
}

export function ToastList({ toasts, send, dismissLabel }: ToastListProps) {
  return toasts.map((toast) => {
    const { toastProps, dismissProps } = connectToast(toast, send, { dismiss: dismissLabel })
    return (
      <li key={toast.id} className={styles.toast} {...toastProps}>
        <div>
          <p className={styles.title}>{toast.title}</p>
          {toast.description ? <p className={styles.description}>{toast.description}</p> : null}
        </div>
        <button className={styles.dismiss} {...dismissProps}>
          <IconSvg icon={X} size={18} />
        </button>
      </li>
    )
  })
}
