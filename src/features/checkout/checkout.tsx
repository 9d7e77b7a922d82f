import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Check } from 'lucide'
import { useLocation } from 'wouter'
import type { FieldProblem } from '../../../machines/form-fields'
import type { BuyerField } from '../../../supabase/functions/_shared/buyer-rules'
import { type BenefitKey, planById } from '../../../supabase/functions/_shared/plans'
import { BUYER_COUNTRIES, VAT_RATE_PERCENT } from '../../../supabase/functions/_shared/vat'
import { ConsentNote } from '../../components/consent-note'
import { Field, FormField } from '../../components/form/field'
import { FormShell } from '../../components/form/form-shell'
import { problemText } from '../../components/form/problem-text'
import * as formStyles from '../../components/form/form.css'
import { IconSvg } from '../../components/icon'
import { ButtonLink } from '../../components/links'
import { useToaster } from '../../components/toaster/toaster'
import { buttonLarge, button, card, container } from '../../components/ui.css'
import { benefitTexts, priceText, priceWithVatText } from '../../content/plan-texts'
import { useLang } from '../../i18n/use-lang'
import { useAppMachine } from '../../lib/use-app-machine'
import { planOfPage } from '../../routes'
import * as styles from './checkout.css'
import { connectCheckout } from './connect'
import { buyerFieldId, CHECKOUT_FORM_ID, checkoutLogic, companyLookupLogic } from './logic'

/** The plan the page sells: its route's (one checkout route per paid plan). */
function usePlanOfPage() {
  const [location] = useLocation()
  const plan = planById(planOfPage(location) ?? '')
  if (!plan) throw new Error(`${location} is not the checkout page of a plan`)
  return plan
}

const orgNumberWords = {
  invalid: msg`Enter the nine digits of a Norwegian organization number.`,
  unknownOrgNumber: msg`No company has this organization number in Brønnøysundregistrene. Check it: nothing was charged.`,
}
const vatNumberWords = { invalid: msg`Enter the company's VAT number with its country code, as DE123456789.` }

export function Checkout() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  useToaster()
  const plan = usePlanOfPage()
  const [snapshot, send] = useAppMachine(checkoutLogic(lang), { input: { plan: plan.id } })
  const [lookupSnapshot, sendLookup] = useAppMachine(companyLookupLogic)
  const { form, alreadyOnPlan, paymentOwed, norwegian, treatment, orgNumberProps, lookup } = connectCheckout(snapshot, send, lookupSnapshot, sendLookup)
  const { name } = plan
  const countryNames = new Intl.DisplayNames([lang === 'nb' ? 'nb' : 'en'], { type: 'region' })
  const problemOf = (field: BuyerField) => problemText(i18n, form.problemOf(field) as FieldProblem | undefined, field === 'orgNumber' ? orgNumberWords : field === 'vatNumber' ? vatNumberWords : {})

  return (
    <div className={`${container} ${styles.page}`}>
      <section className={`${card} ${styles.card}`} aria-labelledby="checkout-heading" aria-busy={form.busy}>
        <p className={styles.eyebrow}>
          <Trans>Upgrade</Trans>
        </p>
        <h1 id="checkout-heading" className={styles.title}>
          <Trans>The {name} plan</Trans>
        </h1>
        <p className={styles.price}>
          <span data-testid="price">{priceText(plan.priceNok, lang)}</span> <span className={styles.per}>{t`excl. VAT per month`}</span>
        </p>
        <p className={styles.small} data-testid="price-with-vat">
          <Trans>{priceWithVatText(plan.priceNok, lang)} incl. {VAT_RATE_PERCENT} % VAT</Trans>
        </p>
        <ConsentNote action="checkout" />
        <ul className={styles.benefits}>
          {plan.benefits.map((benefit) => (
            <li key={benefit}>
              <IconSvg icon={Check} size={18} strokeWidth={2} aria-hidden="true" />
              {i18n._(benefitTexts[benefit as BenefitKey])}
            </li>
          ))}
        </ul>
        {alreadyOnPlan ? (
          <div className={styles.notice} role="status">
            <p>
              <Trans>You already have {name}, so there is nothing to pay.</Trans>
            </p>
            <ButtonLink to="app" variant="secondary">
              <Trans>Go to the dashboard</Trans>
            </ButtonLink>
          </div>
        ) : paymentOwed ? (
          <div className={styles.notice} role="status">
            <p>
              <Trans>The last payment for your subscription did not go through. Fix it on the dashboard; you need no second subscription.</Trans>
            </p>
            <ButtonLink to="app" variant="secondary">
              <Trans>Go to the dashboard</Trans>
            </ButtonLink>
          </div>
        ) : (
          <FormShell
            form={{ ...form, formProps: { ...form.formProps, id: CHECKOUT_FORM_ID } }}
            submit={<Trans>Continue to payment</Trans>}
            waiting={<Trans>Processing…</Trans>}
            buttonClassName={`${button.primary} ${buttonLarge}`}
          >
            <h2 className={styles.subtitle}>
              <Trans>Your company</Trans>
            </h2>
            <div className={formStyles.field}>
              <label className={formStyles.label} htmlFor={buyerFieldId('country')}>
                <Trans>Country</Trans>
              </label>
              <select className={formStyles.input} defaultValue="NO" {...form.getInputProps('country')}>
                {BUYER_COUNTRIES.map((code) => (
                  <option key={code} value={code}>
                    {countryNames.of(code)}
                  </option>
                ))}
              </select>
            </div>
            {norwegian ? (
              <>
                <Field
                  label={t`Organization number`}
                  inputMode="numeric"
                  autoComplete="off"
                  spellCheck={false}
                  problem={problemOf('orgNumber')}
                  {...orgNumberProps}
                />
                <div className={styles.company} role="status" aria-live="polite">
                  {lookup.busy ? (
                    <p className={styles.small}>
                      <Trans>Looking up the company in Brønnøysundregistrene…</Trans>
                    </p>
                  ) : lookup.company ? (
                    <div data-testid="company">
                      <p className={styles.companyName}>{lookup.company.name}</p>
                      <p>{lookup.company.address.line1}</p>
                      <p>
                        {lookup.company.address.postalCode} {lookup.company.address.city}
                      </p>
                      <p className={styles.small}>
                        {lookup.company.vatRegistered ? <Trans>In the VAT register.</Trans> : <Trans>Not in the VAT register.</Trans>}
                      </p>
                    </div>
                  ) : lookup.unknown ? (
                    <p>
                      <Trans>No company has this organization number in Brønnøysundregistrene.</Trans>
                    </p>
                  ) : lookup.failed ? (
                    <p className={styles.small}>
                      <Trans>The register could not be reached. We check the number again when you continue.</Trans>
                    </p>
                  ) : null}
                </div>
                <p className={styles.small}>
                  <Trans>Norwegian companies pay {VAT_RATE_PERCENT} % VAT, with or without a VAT number.</Trans>
                </p>
              </>
            ) : (
              <>
                <FormField form={form} name="vatNumber" label={t`VAT number`} autoComplete="off" spellCheck={false} words={vatNumberWords} />
                <FormField form={form} name="companyName" label={t`Company name`} autoComplete="organization" />
                <FormField form={form} name="addressLine" label={t`Address`} autoComplete="address-line1" />
                <FormField form={form} name="postalCode" label={t`Postal code`} autoComplete="postal-code" />
                <FormField form={form} name="city" label={t`City`} autoComplete="address-level2" />
                <p className={styles.small}>{treatment === 'reverse_charge' ? <Trans>No VAT (reverse charge)</Trans> : null}</p>
              </>
            )}
          </FormShell>
        )}
        <p className={styles.small}>
          <Trans>Billed monthly in NOK. Cancel any time from the dashboard.</Trans>
        </p>
      </section>
    </div>
  )
}
