import { useLingui } from '@lingui/react/macro'
import type { CodeFailure, CodeProblem } from '../../../../machines/second-factor.machine'
import { Field } from '../../../components/form/field'
import * as formStyles from '../../../components/form/form.css'
import { serverMessage, serverText } from '../../../lib/server-message'

/** The six-digit code from the authenticator app, with what is wrong with the last one. */
export function CodeField({
  id,
  value,
  problem,
  failure,
  busy,
  onChange,
}: {
  id: string
  value: string
  problem: CodeProblem | null
  failure: CodeFailure | null
  /** While the code is checked the field is read-only: it keeps the focus and its place in the tab order. */
  busy: boolean
  onChange: (value: string) => void
}) {
  const { t, i18n } = useLingui()
  // A refusal the visitor can act on (too many tries) in their language; anything else (the network)
  // as a plain sentence, never the server's English.
  const known = failure && typeof serverText(failure) === 'object' ? serverMessage(i18n, failure) : undefined
  const problems: Record<CodeProblem, string> = {
    format: t`Enter the six digits your app shows.`,
    wrong: t`That code is not right. Enter the code your app shows now.`,
    failed:
      failure?.code === 'code_too_soon'
        ? t`This code was just used. Wait for the next code in your app (up to a minute), then enter it.`
        : (known ?? t`The code could not be checked. Please try again.`),
  }
  return (
    <Field
      id={id}
      label={t`Six-digit code from the app`}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      value={value}
      readOnly={busy}
      problem={problem ? problems[problem] : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

/** A form around the code field: submitting sends `form.submit` to the flow's machine. */
export const codeFormProps = (busy: boolean, send: (event: { type: 'form.submit' }) => void) => ({
  className: formStyles.form,
  noValidate: true,
  'aria-busy': busy,
  onSubmit: (event: { preventDefault: () => void }) => {
    event.preventDefault()
    send({ type: 'form.submit' })
  },
})
