import { useLingui } from '@lingui/react'
import type { InputHTMLAttributes } from 'react'
import type { connectForm } from './connect'
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

type ConnectedForm<F extends string> = ReturnType<typeof connectForm<F>>

/** A field of a connected form: its value, events and problem come from the form's machine. */
export function FormField<F extends string>({
  form,
  name,
  ...rest
}: { form: ConnectedForm<F>; name: F; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'>) {
  const { i18n } = useLingui()
  return <Field {...rest} problem={problemText(i18n, form.problemOf(name))} {...form.getInputProps(name)} />
}
