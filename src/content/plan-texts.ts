import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type BenefitKey, type PlanId, plans } from '../../supabase/functions/_shared/plans'
import { withVat } from '../../supabase/functions/_shared/vat'
import type { Lang } from '../i18n/lang'

/** Each plan's name as customers see it, from the catalogue (a product name: the same in both languages). */
export const planNames = Object.fromEntries(plans.map((plan) => [plan.id, plan.name])) as Record<PlanId, string>

/** Each benefit of the plans, in the catalogs. A plan's benefit without its text does not compile. */
export const benefitTexts: Record<BenefitKey, MessageDescriptor> = {
  messagesPerMonth: msg`10 messages per month`,
  basicAnalysis: msg`Basic AI analysis`,
  emailSupport: msg`E-mail support`,
  unlimitedMessages: msg`Unlimited messages`,
  advancedAnalysis: msg`Advanced AI analysis and insights`,
  predictiveModelling: msg`Predictive modeling`,
  prioritySupport: msg`Priority support`,
}

const grouped = new Intl.NumberFormat('nb-NO', { useGrouping: true })
const noBreakSpace = '\u00a0'

/** A monthly price as the page's language writes it: "2 499 kr" / "2 499 NOK". Its spaces are no-break
 * spaces, so a price never breaks across lines. */
export const priceText = (nok: number, lang: Lang) =>
  `${grouped.format(nok).replace(/\s/g, noBreakSpace)}${noBreakSpace}${lang === 'nb' ? 'kr' : 'NOK'}`

/** An amount in øre, to the øre where it has one: "3 123,75 kr" / "3 123.75 NOK". */
export const oreText = (ore: number, lang: Lang) => {
  const whole = grouped.format(Math.floor(ore / 100)).replace(/\s/g, noBreakSpace)
  const cents = ore % 100 === 0 ? '' : `${lang === 'nb' ? ',' : '.'}${String(ore % 100).padStart(2, '0')}`
  return `${whole}${cents}${noBreakSpace}${lang === 'nb' ? 'kr' : 'NOK'}`
}

/** A monthly price with 25 % MVA: "3 123,75 kr" / "3 123.75 NOK". */
export const priceWithVatText = (nok: number, lang: Lang) => oreText(withVat(Math.round(nok * 100)), lang)
