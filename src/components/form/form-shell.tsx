import type { ReactNode } from 'react'
import { button } from '../ui.css'
import type { ConnectedForm } from './connect'
import * as styles from './form.css'

/**
 * Every form of the site: its fields, its bot check's slot before the button, and the button, which
 * says what it does and, while the form waits, that it waits. The connected form's props keep a
 * keyboard user's focus through a send: the fields are read-only and the button `aria-disabled`,
 * never `disabled` (a disabled element holding the focus drops it to the page).
 */
export function FormShell<F extends string, P extends string>({
  form,
  submit,
  waiting,
  children,
  className = styles.form,
  buttonClassName = `${button.primary} ${styles.submit}`,
  beside,
  rowClassName = styles.buttonRow,
  hidden,
}: {
  form: ConnectedForm<F, P>
  /** What the button says, and what it says while the form waits. */
  submit: ReactNode
  waiting: ReactNode
  /** The fields, and what goes between them and the button. */
  children: ReactNode
  className?: string
  buttonClassName?: string
  /** Beside the button, in a row with it (a cancel button, a live status). */
  beside?: ReactNode
  rowClassName?: string
  /** Hidden, not removed: its fields keep what was typed. */
  hidden?: boolean
}) {
  const send = (
    <button className={buttonClassName} {...form.submitProps}>
      {form.busy ? waiting : submit}
    </button>
  )
  return (
    <form className={className} hidden={hidden} {...form.formProps}>
      {children}
      {form.botCheckProps ? <div {...form.botCheckProps} /> : null}
      {beside ? (
        <div className={rowClassName}>
          {send}
          {beside}
        </div>
      ) : (
        send
      )}
    </form>
  )
}
