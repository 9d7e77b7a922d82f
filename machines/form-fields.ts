import type { Type } from 'arktype'
import type { FieldProblem, FieldProblems } from '../supabase/functions/_shared/field-problems.ts'
import { lazyValidator, withArktypeConfig } from './lazy-validator'

export type { FieldProblem, FieldProblems }

/** What a form's schema finds in its values: each field's first problem, and, once there are
 * none, the request the values make, normalised by the schema (an e-mail address trimmed and in
 * lower case). */
export interface Checked<F extends string, P extends string = FieldProblem, TData = Record<F, string>> {
  problems: Partial<Record<F, P>>
  data?: TData
}

/** Runs an arktype schema over form values: each field's first problem, or the schema's output. */
export function checkFields<F extends string, S extends Type<unknown>>(schema: S, values: Record<F, string>, required: readonly F[] = []): Checked<F, FieldProblem, S['infer']> {
  const problems: FieldProblems<F> = requiredProblems(required, values)
  const result = schema(values) as unknown
  if (result && typeof result === 'object' && 'byPath' in result) {
    const byPath = (result as { byPath: Record<string, { code: string }> }).byPath
    for (const [path, error] of Object.entries(byPath)) problems[path as F] ??= problemOf(error.code)
  }
  return Object.keys(problems).length > 0 ? { problems } : { problems, data: result as S['infer'] }
}

/** A form's arktype schema, loaded when the form is first used (a submit waits for it): the
 * problems of what the fields hold, and once there are none the request the schema makes. */
export const lazyFormSchema = <F extends string, S extends Type<unknown>>(name: string, fields: readonly F[], loadSchema: () => Promise<S>) =>
  lazyValidator<Record<F, string>, Checked<F, FieldProblem, S['infer']>>(name, () =>
    withArktypeConfig(loadSchema).then((schema) => (values: Record<F, string>) => checkFields(schema, values, fields)),
  )

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

/** The problems known before the schema has loaded: the required fields left empty. */
export const requiredProblems = <F extends string>(required: readonly F[], values: Record<F, string>): FieldProblems<F> =>
  emptyFormProblems(required.filter((field) => !values[field]?.trim()))

/** The first field, in the form's order, with a problem. */
export const firstInvalid = <F extends string>(order: readonly F[], problems: Partial<Record<F, string>>): F | undefined =>
  order.find((field) => problems[field] !== undefined)

/** The fields whose problems show, once `field` has been left. */
export const withShown = <F extends string>(shown: readonly F[], field: F): F[] => (shown.includes(field) ? [...shown] : [...shown, field])

/** Every field empty. */
export const emptyValues = <F extends string>(order: readonly F[]): Record<F, string> =>
  Object.fromEntries(order.map((field) => [field, ''])) as Record<F, string>
