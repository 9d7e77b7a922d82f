import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import clsx from 'clsx'
import { ArrowLeft } from 'lucide'
import { IconSvg } from '../../components/icon'
import type { ComponentType } from 'react'
import { PageLink } from '../../components/links'
import { pageTitle } from '../../components/ui.css'
import * as css from './legal.css'

/** The date every legal text was last revised (ISO 8601, for `<time dateTime>`). */
export const lastUpdatedIso = '2025-10-13'

export interface LegalSection {
  /** The anchor: an English slug, the same in both languages. */
  id: string
  title: MessageDescriptor
  Body: ComponentType
}

export interface LegalDocumentContent {
  title: MessageDescriptor
  Intro: ComponentType
  sections: readonly LegalSection[]
}

/** "Last updated October 13, 2025", the same on every legal page. */
export function LastUpdated() {
  return (
    <p className={css.updated}>
      <Trans>
        Last updated <time dateTime={lastUpdatedIso}>October 13, 2025</time>
      </Trans>
    </p>
  )
}

/** A legal text: title, date, a table of contents and numbered sections with stable anchors. */
export function LegalDocument({ content }: { content: LegalDocumentContent }) {
  const { i18n, t } = useLingui()
  const { title, Intro, sections } = content
  const tocLabel = t({ message: 'Contents', context: 'legal: table of contents' })

  return (
    <>
      <header className={css.header}>
        <div className={css.headerInner}>
          <PageLink to="legalHub" className={css.backLink}>
            <IconSvg icon={ArrowLeft} size={16} strokeWidth={1.75} aria-hidden="true" />
            <Trans>Legal & Trust</Trans>
          </PageLink>
          <h1 className={clsx(pageTitle, css.docTitle)}>{i18n._(title)}</h1>
          <LastUpdated />
        </div>
      </header>

      <div className={css.body}>
        <nav aria-label={tocLabel} className={css.toc}>
          <p className={css.tocLabel} aria-hidden="true">
            {tocLabel}
          </p>
          <ol className={css.tocList}>
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={css.tocLink}>
                  <span className={css.tocNumber}>{index + 1}.</span>
                  <span>{i18n._(section.title)}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className={css.article}>
          <div className={css.intro}>
            <Intro />
          </div>
          {sections.map(({ id, title: sectionTitle, Body }, index) => (
            <section key={id} id={id} className={css.docSection}>
              <h2 className={css.sectionHeading}>
                <span className={css.sectionNumber}>{index + 1}.</span>
                <span>{i18n._(sectionTitle)}</span>
              </h2>
              <Body />
            </section>
          ))}
        </article>
      </div>
    </>
  )
}
