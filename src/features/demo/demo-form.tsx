import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import clsx from 'clsx'
import { type demoFormMachine, demoValidator } from '../../../machines/demo-form.machine'
import { type DemoField, LIMITS, NEEDS, type Need, type Problem } from '../../../supabase/functions/_shared/demo-fields'
import { demoFormLogic } from './logic'
import { useAppMachine } from '../../lib/use-app-machine'
import { button, visuallyHidden } from '../../components/ui.css'
import type { Lang } from '../../i18n/lang'
import { useLang } from '../../i18n/use-lang'
import { loadOnFirstUse } from '../../lib/load-on-first-use'
import { useToaster } from '../../components/toaster/toaster'
import { connectDemoForm } from './connect'
import { problemText } from '../../components/form/problem-text'
import * as styles from './demo.css'



const needLabels: Record<Need, MessageDescriptor> = {
  lead_generation: msg({ message: 'Lead Generation', context: 'demo need option' }),
  content: msg({ message: 'Content', context: 'demo need option' }),
  profile_optimization: msg({ message: 'Profile Optimization', context: 'demo need option' }),
  other: msg({ message: 'Other', context: 'demo need option' }),
}

const required: Partial<Record<DemoField, MessageDescriptor>> = {
  name: msg`Please enter your full name.`,
  email: msg`Please enter your e-mail address.`,
  need: msg`Please choose what you need help with.`,
}

/** How the demo form words its problems (the account forms use the shared wording). */
const ownWords = {
  tooLong: msg({ message: 'Please use at most {max} characters.', context: 'form field error' }),
  email: msg`Please enter a valid e-mail address, such as ola@company.no.`,
  url: msg`Please enter a LinkedIn link, such as linkedin.com/in/your-name.`,
  choice: msg`Please choose one of the options.`,
  invalid: msg({ message: 'This value cannot be used.', context: 'form field error' }),
} satisfies Partial<Record<Problem, MessageDescriptor>>

const demoProblemText = (i18n: I18n, field: DemoField, problem: Problem) =>
  problemText(i18n, problem, { ...ownWords, required: required[field] ?? ownWords.invalid }, { max: LIMITS[field as keyof typeof LIMITS] })

const language = (lang: Lang) => (lang === 'en' ? 'en' : 'nb')

/** The demo booking form. `logic` defaults to the app's machine; tests pass one with stand-ins. */
export function DemoForm({ logic = demoFormLogic }: { logic?: typeof demoFormMachine }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  useToaster()
  const [snapshot, send] = useAppMachine(logic, { input: { language: language(lang) } })
  const api = connectDemoForm(snapshot, send, {
    submit: t({ message: 'Book demo', context: 'demo form submit button' }),
    sending: t({ message: 'Sending...', context: 'demo form submit button while busy' }),
  })
  const optional = <span className={styles.optional}> {t({ message: '(optional)', context: 'form field label suffix' })}</span>

  const error = (field: DemoField) => {
    const problem = api.problemOf(field)
    return (
      <p className={styles.error} {...api.getErrorProps(field)}>
        {problem ? demoProblemText(i18n, field, problem) : null}
      </p>
    )
  }

  return (
    <form className={styles.form} method="post" {...api.formProps} {...loadOnFirstUse(demoValidator)}>
      <div className={styles.row}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={api.labelFor('name')}>
            <Trans context="demo form field">Full name</Trans>
          </label>
          <input className={styles.input} type="text" autoComplete="name" {...api.getFieldProps('name')} />
          {error('name')}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={api.labelFor('email')}>
            <Trans context="demo form field">E-mail</Trans>
          </label>
          <input className={styles.input} type="email" autoComplete="email" inputMode="email" {...api.getFieldProps('email')} />
          {error('email')}
        </div>
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={api.labelFor('company')}>
            <Trans context="demo form field">Company name</Trans>
            {optional}
          </label>
          <input className={styles.input} type="text" autoComplete="organization" {...api.getFieldProps('company')} />
          {error('company')}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={api.labelFor('linkedin')}>
            <Trans context="demo form field">LinkedIn profile</Trans>
            {optional}
          </label>
          <input
            className={styles.input}
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            {...api.getFieldProps('linkedin', { hint: true })}
          />
          <p className={styles.hint} {...api.getHintProps('linkedin')}>
            <Trans>For example linkedin.com/in/your-name</Trans>
          </p>
          {error('linkedin')}
        </div>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={api.labelFor('need')}>
          <Trans context="demo form field">What do you need help with?</Trans>
        </label>
        <select className={clsx(styles.input, styles.select)} {...api.getFieldProps('need')}>
          <option value="">{t({ message: 'Choose…', context: 'demo need placeholder' })}</option>
          {NEEDS.map((need) => (
            <option key={need} value={need}>
              {i18n._(needLabels[need])}
            </option>
          ))}
        </select>
        {error('need')}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={api.labelFor('notes')}>
          <Trans context="demo form field">Additional info</Trans>
          {optional}
        </label>
        <textarea className={clsx(styles.input, styles.textarea)} rows={4} {...api.getFieldProps('notes')} />
        {error('notes')}
      </div>
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={api.honeypotProps.id}>
          <Trans context="honeypot field, hidden from people">Leave this field empty</Trans>
        </label>
        <input {...api.honeypotProps} />
      </div>
      <div className={styles.actions}>
        <button className={clsx(button.primary, styles.submit)} {...api.submitProps}>
          {api.submitLabel}
        </button>
        <p className={visuallyHidden} role="status">
          {api.busy ? api.submitLabel : ''}
        </p>
      </div>
    </form>
  )
}
