import type { ReactNode } from 'react'
import * as ui from './ui.css'

/** The opening of a simple page: an optional eyebrow, the page's one h1, a lead paragraph. */
export function PageIntro({ eyebrow, title, lead, children }: { eyebrow?: ReactNode; title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <section className={ui.section}>
      <div className={ui.container}>
        {eyebrow ? <p className={ui.eyebrow}>{eyebrow}</p> : null}
        <h1 className={ui.pageTitle}>{title}</h1>
        {lead ? <p className={ui.lead}>{lead}</p> : null}
        {children}
      </div>
    </section>
  )
}
