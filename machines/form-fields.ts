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

/** What a form machine keeps of its fields. */
export interface FormFields<F extends string> {
  values: Record<F, string>
  problems: FieldProblems<F>
  /** Fields whose problems show: after leaving them, or after a submit. */
  shown: F[]
}

type FieldEvent<F extends string> = { type: 'field.change'; field: F; value: string } | { type: 'field.blur'; field: F } | { type: string }

/** The steps every form machine takes with its fields, as context updates for `assign` and
 * answers for guards; `validate` is the form's (lazily loaded) schema. */
export function formSteps<F extends string>(order: readonly F[], validate: (values: Record<F, string>) => FieldProblems<F>) {
  return {
    /** `field.change`: the value, and every problem recomputed. */
    change: (form: FormFields<F>, event: FieldEvent<F>): Partial<FormFields<F>> =>
      event.type === 'field.change' && 'value' in event ? withValue(form.values, event.field, event.value, validate) : {},
    /** `field.blur`: the left field's problem shows. */
    blur: (form: FormFields<F>, event: FieldEvent<F>): Partial<FormFields<F>> =>
      event.type === 'field.blur' && 'field' in event ? { shown: withShown(form.shown, event.field) } : {},
    /** A refused submit: every problem shows. */
    showAll: (form: FormFields<F>): Partial<FormFields<F>> => ({ shown: [...order], problems: validate(form.values) }),
    isValid: (form: FormFields<F>) => Object.keys(validate(form.values)).length === 0,
    /** Where focus goes after a refused submit. */
    firstInvalid: (form: FormFields<F>) => ({ field: firstInvalid(order, validate(form.values)) as F }),
  }
}

/** The root transitions of a form machine: typing and leaving a field, in any state that has no
 * say of its own. */
export const fieldTransitions = {
  'field.change': { actions: 'updateValue', description: 'The user types in a field.' },
  'field.blur': { actions: 'showProblem', description: 'The user leaves a field: its problem, if any, shows.' },
} as const
