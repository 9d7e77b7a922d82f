import { Trans, useLingui } from '@lingui/react/macro'
import { howItWorksLogic } from './logic'
import { useAppMachine } from '../../../lib/use-app-machine'
import { IconSvg } from '../../../components/icon'
import { SectionHeader } from '../../../components/section-header'
import * as ui from '../../../components/ui.css'
import { connectHowItWorks } from './connect'
import * as styles from './how-it-works.css'
import { steps } from './steps'

/** The landing's four steps: the active one advances by itself, or follows the user's choice. */
export function HowItWorks() {
  const { t, i18n } = useLingui()
  const [snapshot, send] = useAppMachine(howItWorksLogic)
  const api = connectHowItWorks(snapshot, send, {
    progress: t({ message: 'Progress through the four steps', context: 'progress bar label' }),
    progressValue: (step, total) => {
      const title = i18n._(steps[step - 1]!.title)
      return t`Step ${step} of ${total}: ${title}`
    },
  })

  return (
    <section id="how-it-works" className={ui.sectionMuted} aria-labelledby="how-it-works-title" data-section="how-it-works">
      <div className={ui.container}>
        <SectionHeader
          id="how-it-works-title"
          eyebrow={<Trans context="section eyebrow">How it works</Trans>}
          title={<Trans>From positioning to qualified meetings in four steps</Trans>}
          lead={
            <Trans>
              Each phase builds on the one before. Your account manager runs the work; you approve everything that goes out in
              your name.
            </Trans>
          }
        />
        <div className={styles.root} {...api.rootProps}>
          <div className={styles.track} {...api.progressProps}>
            <div className={styles.fill} {...api.progressFillProps} />
          </div>
          <ol className={styles.list} {...api.listProps}>
            {steps.map(({ Icon, title, text }, index) => (
              <li key={i18n._(title)} className={styles.item} {...api.itemProps(index)}>
                <span className={styles.number} aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <span className={styles.icon} aria-hidden="true">
                  <IconSvg icon={Icon} size={22} strokeWidth={1.75} />
                </span>
                <h3 className={styles.title}>
                  <button className={styles.trigger} {...api.triggerProps(index)}>
                    {i18n._(title)}
                  </button>
                </h3>
                <p className={styles.text}>{i18n._(text)}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  )
}
