import type { ReactNode } from 'react'
import * as styles from './form.css'

/** One titled part of a settings page (the account page's password, data and deletion). */
export function FormSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}
