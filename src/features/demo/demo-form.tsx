import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import clsx from 'clsx'
import { type DemoField, type DemoFieldSpec, demoFieldTable, LIMITS, NEEDS, type Problem } from '../../../supabase/functions/_shared/demo-fields'
import { demoFormLogic } from './logic'
import { useAppMachine } from '../../lib/use-app-machine'
import { button, visuallyHidden } from '../../components/ui.css'
import type { Lang } from '../../i18n/lang'
import { useLang } from '../../i18n/use-lang'
import { FormShell } from '../../components/form/form-shell'
import { useToaster } from '../../components/toaster/toaster'
import { connectDemoForm } from './connect'
import { problemText } from '../../components/form/problem-text'
import * as styles from './demo.css'

import { fieldHints, fieldLabels, needLabels, requiredTexts } from './field-texts'

/** How the demo form words its problems (the account forms use the shared wording). */
const ownWords = {
  tooLong: msg({ message: 'Please use at most {max} characters.', context: 'form field error' }),
  email: msg`Please enter a valid e-mail address, such as ola@company.no.`,
  url: msg`Please enter a LinkedIn link, such as linkedin.com/in/your-name.`,
  choice: msg`Please choose one of the options.`,
  invalid: msg({ message: 'This value cannot be used.', context: 'form field error' }),
} satisfies Partial<Record<Problem, MessageDescriptor>>

const demoProblemText = (i18n: I18n, field: DemoField, problem: Problem) =>
  problemText(i18n, problem, { ...ownWords, required: requiredTexts[field] ?? ownWords.invalid }, { max: LIMITS[field as keyof typeof LIMITS] })

/** The fields in the table's order; short ones side by side, two to a row. */
const layout = demoFieldTable.reduce<DemoFieldSpec[][]>((groups, spec) => {
  const short = (f: DemoFieldSpec) => f.kind !== 'need' && f.kind !== 'long'
  const last = groups[groups.length - 1]
  if (short(spec) && last?.length === 1 && short(last[0]!)) last.push(spec)
  else groups.push([spec])
  return groups
}, [])

const language = (lang: Lang) => (lang === 'en' ? 'en' : 'nb')

/** The demo booking form. */
export function DemoForm() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  useToaster()
  const [snapshot, send] = useAppMachine(demoFormLogic(lang), { input: { language: language(lang) } })
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

  /** A field as its kind in the field table asks: label, control, hint and error. */
  const field = (spec: DemoFieldSpec) => {
    const name = spec.name as DemoField
    const hint = fieldHints[name]
    const props = api.getFieldProps(name, { hint: Boolean(hint) })
    return (
      <div className={styles.field} key={name}>
        <label className={styles.label} htmlFor={api.labelFor(name)}>
          {i18n._(fieldLabels[name])}
          {spec.required ? null : optional}
        </label>
        {spec.kind === 'need' ? (
          <select className={clsx(styles.input, styles.select)} {...props}>
            <option value="">{t({ message: 'Choose…', context: 'demo need placeholder' })}</option>
            {NEEDS.map((need) => (
              <option key={need} value={need}>
                {i18n._(needLabels[need])}
              </option>
            ))}
          </select>
        ) : spec.kind === 'long' ? (
          <textarea className={clsx(styles.input, styles.textarea)} rows={4} {...props} />
        ) : spec.kind === 'email' ? (
          <input className={styles.input} type="email" autoComplete={spec.autocomplete} inputMode="email" {...props} />
        ) : spec.kind === 'linkedin' ? (
          <input className={styles.input} type="text" inputMode="url" autoComplete={spec.autocomplete} spellCheck={false} {...props} />
        ) : (
          <input className={styles.input} type="text" autoComplete={spec.autocomplete} {...props} />
        )}
        {hint ? (
          <p className={styles.hint} {...api.getHintProps(name)}>
            {i18n._(hint)}
          </p>
        ) : null}
        {error(name)}
      </div>
    )
  }

  return (
    <FormShell
      form={api.form}
      className={styles.form}
      submit={api.submitLabel}
      waiting={api.submitLabel}
      buttonClassName={clsx(button.primary, styles.submit)}
      rowClassName={styles.actions}
      beside={
        <p className={visuallyHidden} role="status">
          {api.busy ? api.submitLabel : ''}
        </p>
      }
    >
      {layout.map((group) =>
        group.length === 2 ? (
          <div className={styles.row} key={group[0]!.name}>
            {group.map(field)}
          </div>
        ) : (
          field(group[0]!)
        ),
      )}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={api.honeypotProps.id}>
          <Trans context="honeypot field, hidden from people">Leave this field empty</Trans>
        </label>
        <input {...api.honeypotProps} />
      </div>
    </FormShell>
  )
}
