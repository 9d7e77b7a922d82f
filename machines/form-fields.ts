import type { Type } from 'arktype'
import type { FieldProblem, FieldProblems } from '../supabase/functions/_shared/field-problems.ts'

export type { FieldProblem, FieldProblems }

/** Runs an arktype schema over form values and names each field's first problem. */
export function fieldProblems<F extends string>(
  schema: Type<unknown>,
  values: Record<F, string>,
  required: readonly F[] = [],
): FieldProblems<F> {
  const problems: FieldProblems<F> = {}
  for (const field of required) if (!values[field]?.trim()) problems[field] = 'required'
  const result = schema(values)
  if (result && typeof result === 'object' && 'byPath' in result) {
    const byPath = (result as { byPath: Record<string, { code: string }> }).byPath
    for (const [path, error] of Object.entries(byPath)) {
      const field = path as F
      if (problems[field]) continue
      problems[field] = problemOf(error.code)
    }
  }
  return problems
}

function problemOf(code: string): FieldProblem {
  if (code === 'minLength') return 'tooShort'
  if (code === 'maxLength') return 'tooLong'
  if (code === 'pattern' || code === 'predicate') return 'email'
  if (code === 'unit' || code === 'union') return 'choice'
  if (code === 'required') return 'required'
  return 'invalid'
}

/** The problems of a form not filled in yet: every required field is empty. Known without the
 * schema, which loads later (tests check that the schema agrees). */
export const emptyFormProblems = <F extends string>(required: readonly F[]): FieldProblems<F> =>
  Object.fromEntries(required.map((field) => [field, 'required'])) as FieldProblems<F>

export const firstInvalid = <F extends string>(order: readonly F[], problems: FieldProblems<F>): F | undefined =>
  order.find((field) => problems[field] !== undefined)

/** The values after one field changed, with their problems recomputed. */
export function withValue<F extends string>(
  values: Record<F, string>,
  field: F,
  value: string,
  validate: (values: Record<F, string>) => FieldProblems<F>,
) {
  const next = { ...values, [field]: value } as Record<F, string>
  return { values: next, problems: validate(next) }
}

/** The fields whose problems show, once `field` has been left. */
export const withShown = <F extends string>(shown: F[], field: F): F[] => (shown.includes(field) ? shown : [...shown, field])
