import { useLingui } from '@lingui/react/macro'
import * as styles from './spinner.css'

/** A page-level loading indicator, announced to screen readers. */
export function PageSpinner() {
  const { t } = useLingui()
  return (
    <div className={styles.page} role="status" aria-live="polite">
      <span className={styles.ring} aria-hidden="true" />
      <span className={styles.label}>{t`Loading…`}</span>
    </div>
  )
}
