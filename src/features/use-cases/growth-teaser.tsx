import { Trans, useLingui } from '@lingui/react/macro'
import { TrendingUp } from 'lucide'
import { IconSvg } from '../../components/icon'
import * as styles from './use-cases.css'

// An illustration of the weekly report, drawn in SVG. The numbers are made up and labelled as such.
const weeks = [18, 24, 22, 31, 36, 34, 43, 49, 52, 61, 66, 74]
const chartWidth = 560
const chartHeight = 180
const points = weeks
  .map((value, index) => {
    const x = (index / (weeks.length - 1)) * chartWidth
    const y = chartHeight - (value / 80) * chartHeight
    return `${x.toFixed(1)},${y.toFixed(1)}`
  })
  .join(' ')

/** The growth-dashboard teaser: what a weekly report looks like. */
export function GrowthTeaser() {
  const { t, i18n } = useLingui()
  const kpis = [
    { label: t({ message: 'Profile views', context: 'dashboard teaser' }), value: i18n.number(0.62, { style: 'percent', signDisplay: 'always' }) },
    { label: t({ message: 'New conversations', context: 'dashboard teaser' }), value: '38' },
    { label: t({ message: 'Qualified handoffs', context: 'dashboard teaser' }), value: '9' },
  ]
  return (
    <figure className={styles.teaser}>
      <div className={styles.teaserBar} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <div className={styles.teaserBody}>
        <div className={styles.teaserHead}>
          <p className={styles.teaserTitle}>
            <Trans>Weekly growth report</Trans>
          </p>
          <p className={styles.teaserRange}>
            <Trans>Last twelve weeks</Trans>
          </p>
        </div>
        <dl className={styles.kpis}>
          {kpis.map((kpi) => (
            <div key={kpi.label} className={styles.kpi}>
              <dt>{kpi.label}</dt>
              <dd>{kpi.value}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.chart}>
          <p className={styles.chartLabel}>
            <IconSvg icon={TrendingUp} size={16} strokeWidth={1.75} aria-hidden="true" />
            <Trans>Conversations started per week</Trans>
          </p>
          <svg
            viewBox={`0 0 ${chartWidth} ${chartHeight}`}
            width="560"
            height="180"
            preserveAspectRatio="none"
            className={styles.chartSvg}
            aria-hidden="true"
            focusable="false"
          >
            <defs>
              <linearGradient id="teaser-fill" x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor="#4b3fd8" stopOpacity="0.25" />
                <stop offset="100%" stopColor="#4b3fd8" stopOpacity="0" />
              </linearGradient>
            </defs>
            {[0.25, 0.5, 0.75].map((f) => (
              <line key={f} x1="0" x2={chartWidth} y1={chartHeight * f} y2={chartHeight * f} stroke="#e3e3ee" strokeWidth="1" />
            ))}
            <polygon points={`0,${chartHeight} ${points} ${chartWidth},${chartHeight}`} fill="url(#teaser-fill)" />
            <polyline points={points} fill="none" stroke="#4b3fd8" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
          </svg>
        </div>
      </div>
      <figcaption className={styles.teaserCaption}>
        <Trans>Illustration with example figures, not client data.</Trans>
      </figcaption>
    </figure>
  )
}
