import { useLingui } from '@lingui/react'
import { X } from 'lucide'
import { type Toast, type ToasterEvent, type ToastText, toasterMachine } from '../../../machines/toaster.machine'
import { IconSvg } from '../icon'
import { connectToast } from './connect-toast'
import * as styles from './toaster.css'

/** Loaded with the first toast (see `toaster.tsx`). */
export const toasterLogic = toasterMachine

export interface ToastListProps {
  toasts: Toast[]
  send: (event: ToasterEvent) => void
  dismissLabel: string
}

export function ToastList({ toasts, send, dismissLabel }: ToastListProps) {
  const { i18n } = useLingui()
  const text = (value: ToastText) => (typeof value === 'string' ? value : i18n._(value))
  return toasts.map((toast) => {
    const { toastProps, dismissProps } = connectToast(toast, send, { dismiss: dismissLabel })
    return (
      <li key={toast.id} className={styles.toast} {...toastProps}>
        <div>
          <p className={styles.title}>{text(toast.title)}</p>
          {toast.description ? <p className={styles.description}>{text(toast.description)}</p> : null}
        </div>
        <button className={styles.dismiss} {...dismissProps}>
          <IconSvg icon={X} size={18} />
        </button>
      </li>
    )
  })
}
