import clsx from 'clsx'
import type { ReactNode } from 'react'
import * as styles from './section-header.css'
import * as ui from './ui.css'

/** The opening of a page section: an optional eyebrow, its h2 and a lead paragraph. */
export function SectionHeader({
  id,
  eyebrow,
  title,
  lead,
  centered = false,
}: {
  id?: string
  eyebrow?: ReactNode
  title: ReactNode
  lead?: ReactNode
  centered?: boolean
}) {
  return (
    <div className={clsx(ui.sectionHeader, centered && styles.centered)}>
      {eyebrow ? <p className={ui.eyebrow}>{eyebrow}</p> : null}
      <h2 id={id} className={ui.sectionTitle}>
        {title}
      </h2>
      {lead ? <p className={ui.lead}>{lead}</p> : null}
    </div>
  )
}
