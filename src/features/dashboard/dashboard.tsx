import { Trans, useLingui } from '@lingui/react/macro'
import type { BenefitKey, Plan } from '../../../supabase/functions/_shared/plans'
import { benefitTexts, planNames } from '../../content/plan-texts'

/** A plan's name; a plan this page does not know yet shows its id. */
const nameOf = (id: string) => planNames[id as keyof typeof planNames] ?? id
import { RefreshCw } from 'lucide'
import { IconSvg } from '../../components/icon'
import { useSearch } from 'wouter'
import { disclosureMachine } from '../../../machines/disclosure.machine'
import { paymentOutcomeOf } from '../../../machines/payment-return.machine'
import { useAppMachine } from '../../lib/use-app-machine'
import { ButtonLink } from '../../components/links'
import { button, card, container } from '../../components/ui.css'
import { dateLocale } from '../../i18n/lang'
import { useLang } from '../../i18n/use-lang'
import { useAuth } from '../../lib/auth/session'
import { useToaster } from '../../components/toaster/toaster'
import { connectDisclosure, connectSubscriptions } from './connect'
import { paymentReturnLogic, signOutAndLeave, subscriptionsLogic } from './logic'
import { PaymentDebugCard } from './debug-card'
import { Invoices } from './invoices'
import { SubscriptionLifecycle } from './subscription-lifecycle'
import * as styles from './dashboard.css'

function Benefits({ plan }: { plan: Plan }) {
  const { i18n } = useLingui()
  return (
    <ul className={styles.benefits}>
      {plan.benefits.map((benefit) => (
        <li key={benefit}>{i18n._(benefitTexts[benefit as BenefitKey])}</li>
      ))}
    </ul>
  )
}

export function Dashboard({ userId }: { userId: string }) {
  const search = useSearch()
  const lang = useLang()
  const { user } = useAuth()
  const [subs, sendSubs, subsRef] = useAppMachine(subscriptionsLogic, { input: { userId } })
  const [debug, sendDebug] = useAppMachine(disclosureMachine)
  useToaster()
  useAppMachine(paymentReturnLogic(lang), { input: { outcome: paymentOutcomeOf(search), subscriptions: subsRef } })
  const { subscriptions, failed, loading, plan, active, standing, current, next } = connectSubscriptions(subs)
  const { shown: debugShown } = connectDisclosure(debug)
  const planName = nameOf(plan.id)
  // The plan the standing is about (a locked one is Free now, but it is Pro that is locked).
  const subscribedName = nameOf(current?.product_name ?? plan.id)
  const name = user?.user_metadata?.full_name?.trim() || user?.email || ''
  const date = new Intl.DateTimeFormat(dateLocale[lang], { dateStyle: 'long' })
  return (
    <div className={`${container} ${styles.page}`} aria-busy={loading}>
      <div className={styles.head}>
        <h1 className={styles.greeting}>
          <Trans>Hi, {name}!</Trans>
        </h1>
        <div className={styles.actions}>
          <button type="button" className={button.secondary} onClick={() => sendSubs({ type: 'user.refresh' })} disabled={loading}>
            <IconSvg icon={RefreshCw} size={16} aria-hidden="true" />
            {loading ? <Trans>Refreshing…</Trans> : <Trans>Refresh subscription</Trans>}
          </button>
          <ButtonLink to="account" variant="ghost">
            <Trans>Account</Trans>
          </ButtonLink>
          <button type="button" className={button.ghost} onClick={() => signOutAndLeave(lang)}>
            <Trans>Sign out</Trans>
          </button>
        </div>
      </div>

      {!loading && active.length === 0 && (standing === 'free' || standing === 'ended') ? (
        <p className={styles.banner} role="status">
          <Trans>You have no active subscriptions. You are on the Free plan.</Trans>
        </p>
      ) : null}

      <div className={styles.grid}>
        <section className={card} aria-labelledby="plan-heading">
          <div className={styles.planHead}>
            <h2 id="plan-heading">
              <Trans>Your plan</Trans>
            </h2>
            <span className={styles.badge} data-paid={plan.priceNok > 0} data-testid="plan-badge">
              {nameOf(plan.id)}
            </span>
          </div>
          <Benefits plan={plan} />
          {plan.priceNok === 0 ? null : (
            <p>
              <Trans>You have every {planName} benefit.</Trans>
            </p>
          )}
          <SubscriptionLifecycle
            subscription={current}
            standing={standing}
            subscriptions={subsRef}
            planName={subscribedName}
            next={next}
            formatDate={(iso) => date.format(new Date(iso))}
          />
        </section>
        <section className={card} aria-labelledby="subscriptions-heading">
          <h2 id="subscriptions-heading">
            <Trans>Active subscriptions</Trans>
          </h2>
          {active.length === 0 ? (
            <p>
              {standing === 'unpaid' ? (
                <Trans>None: Pro is locked until the payment is made.</Trans>
              ) : (
                <Trans>None yet. Upgrade to Pro for unlimited messages and advanced AI analysis.</Trans>
              )}
            </p>
          ) : (
            <ul className={styles.list}>
              {active.map((s) => (
                <li key={s.id} className={styles.item}>
                  <span>{nameOf(s.product_name)}</span>
                  <span>
                    {s.status === 'past_due' ? (
                      <Trans>Payment overdue</Trans>
                    ) : s.current_period_end && s.cancel_at_period_end ? (
                      <Trans>Ends {date.format(new Date(s.current_period_end))}</Trans>
                    ) : s.current_period_end ? (
                      <Trans>Renews {date.format(new Date(s.current_period_end))}</Trans>
                    ) : (
                      <Trans>No end date</Trans>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <div className={styles.invoices}>
        <Invoices userId={userId} subscriptions={subsRef} />
      </div>

      {lang === 'nb' ? (
        <div className={styles.debug}>
          <div>
            <button
              type="button"
              className={button.ghost}
              aria-expanded={debugShown}
              aria-controls="debug-info"
              onClick={() => sendDebug({ type: 'trigger.click' })}
            >
              {debugShown ? <Trans>Hide debug info</Trans> : <Trans>Show debug info</Trans>}
            </button>
          </div>
          <div id="debug-info" hidden={!debugShown}>
            <pre className={styles.pre}>
              {JSON.stringify({ userId, plan: plan.id, loading, failed: failed, subscriptions }, null, 2)}
            </pre>
            <PaymentDebugCard signedIn={Boolean(user)} fetchFailed={failed} />
          </div>
        </div>
      ) : null}
    </div>
  )
}
