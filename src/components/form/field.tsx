import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import type { InputHTMLAttributes } from 'react'
import type { FieldProblem } from '../../../machines/form-fields'
import type { ConnectedForm } from './connect'
import { problemText } from './problem-text'
import * as styles from './form.css'

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string
  label: string
  /** The sentence saying what is wrong, or nothing. */
  problem?: string
}

/** A labelled input whose problem is tied to it (aria-invalid, aria-describedby) and announced. */
export function Field({ id, label, problem, ...input }: FieldProps) {
  const problemId = `${id}-problem`
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        className={styles.input}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        {...input}
      />
      <p id={problemId} className={styles.problem} aria-live="polite">
        {problem}
      </p>
    </div>
  )
}

/** A field of a connected form: its events and problem come from the form's machine; `words`
 * says a problem the form's own way (the shared wording otherwise). */
export function FormField<F extends string, P extends string>({
  form,
  name,
  words,
  ...rest
}: { form: ConnectedForm<F, P>; name: F; label: string; words?: Partial<Record<P, MessageDescriptor>> } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'>) {
  const { i18n } = useLingui()
  const problem = form.problemOf(name)
  return <Field {...rest} problem={problemText(i18n, problem as FieldProblem | undefined, words as Partial<Record<FieldProblem, MessageDescriptor>>)} {...form.getInputProps(name)} />
}
