import type { InputHTMLAttributes } from 'react'
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
