import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { ChevronDown } from 'lucide'
import { IconSvg } from '../../components/icon'
import { faqAccordionLogic } from './logic'
import { useAppMachine } from '../../lib/use-app-machine'
import { connectFaqAccordion } from './connect'
import * as styles from './faq.css'

export interface FaqItem {
  /** Unique on the page; used for element ids. */
  id: string
  question: MessageDescriptor
  answer: MessageDescriptor
}

/** Questions and answers as an accordion: at most one answer open at a time. */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const { i18n } = useLingui()
  const [snapshot, send] = useAppMachine(faqAccordionLogic, { input: { items: items.map((item) => item.id) } })
  const api = connectFaqAccordion(snapshot, send)

  return (
    <div className={styles.root} {...api.rootProps}>
      {items.map(({ id, question, answer }) => (
        <div key={id} className={styles.item} {...api.itemProps(id)}>
          <h3 className={styles.heading}>
            <button className={styles.trigger} {...api.triggerProps(id)}>
              <span>{i18n._(question)}</span>
              <IconSvg icon={ChevronDown} className={styles.chevron} size={20} strokeWidth={1.75} aria-hidden="true" />
            </button>
          </h3>
          <div className={styles.panel} {...api.panelProps(id)}>
            <p>{i18n._(answer)}</p>
          </div>
        </div>
      ))}
    </div>
  )
}
