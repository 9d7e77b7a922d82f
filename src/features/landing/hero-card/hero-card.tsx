import { Trans, useLingui } from '@lingui/react/macro'
import { Check, Pause, Play, Sparkles } from 'lucide'
import { IconSvg } from '../../../components/icon'
import { heroCardLogic } from './logic'
import { useAppMachine } from '../../../lib/use-app-machine'
import { connectHeroCard } from './connect'
import * as styles from './hero-card.css'

const icon = { size: 16, strokeWidth: 1.75, 'aria-hidden': true } as const

/** The hero's floating card: how a message comes together, step by step. Drawn in HTML and CSS. */
export function HeroCard() {
  const { t } = useLingui()
  const [snapshot, send] = useAppMachine(heroCardLogic)
  const api = connectHeroCard(snapshot, send, {
    pause: t({ message: 'Pause animation', context: 'hero card control' }),
    play: t({ message: 'Play animation', context: 'hero card control' }),
  })
  const stepTitles = [
    t({ message: 'Drafting outreach', context: 'hero card step' }),
    t({ message: 'Best next message', context: 'hero card step' }),
    t({ message: 'Sample outreach message', context: 'hero card step' }),
  ]

  return (
    <figure className={styles.card} aria-labelledby="hero-card-title" {...api.rootProps}>
      <div className={styles.header}>
        <span className={styles.brandDot} aria-hidden="true">
          <IconSvg icon={Sparkles} size={14} strokeWidth={1.75} />
        </span>
        <span className={styles.headerText}>
          <span id="hero-card-title" className={styles.headerTitle}>
            <Trans>Outreach workspace</Trans>
          </span>
          <span className={styles.headerMeta}>
            <Trans>Example of how we work</Trans>
          </span>
        </span>
        <button className={styles.control} {...api.controlProps}>
          {api.playing ? <IconSvg icon={Pause} {...icon} /> : <IconSvg icon={Play} {...icon} />}
        </button>
      </div>

      <ol className={styles.indicators} aria-hidden="true">
        {api.steps.map((index) => (
          <li key={index} className={styles.indicator} {...api.indicatorProps(index)} />
        ))}
      </ol>

      <div className={styles.viewport} {...api.viewportProps}>
        <div className={styles.step} {...api.stepProps(0)}>
          <p className={styles.stepTitle}>
            <span className={styles.pulse} aria-hidden="true" />
            {stepTitles[0]}
          </p>
          <ul className={styles.checklist}>
            <li>
              <IconSvg icon={Check} {...icon} className={styles.checkIcon} />
              <Trans>Read her recent posts and company news</Trans>
            </li>
            <li>
              <IconSvg icon={Check} {...icon} className={styles.checkIcon} />
              <Trans>Matched your ICP: Head of Sales, B2B software</Trans>
            </li>
            <li>
              <span className={styles.typing} aria-hidden="true" />
              <Trans>Writing in your tone of voice</Trans>
            </li>
          </ul>
          <div className={styles.skeleton} aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
        </div>

        <div className={styles.step} {...api.stepProps(1)}>
          <p className={styles.stepTitle}>
            <IconSvg icon={Sparkles} {...icon} className={styles.accentIcon} />
            {stepTitles[1]}
          </p>
          <p className={styles.suggestion}>
            <Trans>Comment on her post about weekly pipeline reviews today, then send a short note in two days.</Trans>
          </p>
          <ul className={styles.signals}>
            <li>
              <Trans context="hero card signal">Liked your last post</Trans>
            </li>
            <li>
              <Trans context="hero card signal">Hiring sales reps</Trans>
            </li>
            <li>
              <Trans context="hero card signal">Fits your ICP</Trans>
            </li>
          </ul>
        </div>

        <div className={styles.step} {...api.stepProps(2)}>
          <p className={styles.stepTitle}>
            <IconSvg icon={Check} {...icon} className={styles.successIcon} />
            {stepTitles[2]}
          </p>
          <blockquote className={styles.message}>
            <p>
              <Trans>
                Hi Ingrid, your point about weekly pipeline reviews stuck with me. We help B2B sales teams turn LinkedIn into
                a steady source of meetings. Open to comparing notes over a short call next week?
              </Trans>
            </p>
          </blockquote>
          <p className={styles.ready}>
            <Trans>Ready for your approval</Trans>
          </p>
        </div>
      </div>
    </figure>
  )
}
