import { useLingui } from '@lingui/react/macro'
import type { ChangeEvent } from 'react'
import type { CodeFailure, CodeProblem } from '../../../../machines/second-factor.machine'
import { Field } from '../../../components/form/field'
import { serverMessage, serverText } from '../../../lib/server-message'

/** The code field's input, from a connect: its id, events and, while the code is checked,
 * read-only (it keeps the focus and its place in the tab order). */
export interface CodeInput {
  id: string
  name?: string
  value?: string
  readOnly: boolean
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  onBlur?: () => void
}

/** The six-digit code from the authenticator app, with what is wrong with the last one. */
export function CodeField({ input, problem, failure }: { input: CodeInput; problem: CodeProblem | null | undefined; failure: CodeFailure | null }) {
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
        : (known ?? t`We couldn't check the code. Please try again.`),
  }
  return (
    <Field
      label={t`Six-digit code from the app`}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      problem={problem ? problems[problem] : undefined}
      {...input}
    />
  )
}
