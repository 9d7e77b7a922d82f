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

/** The problems known before the schema has loaded: the required fields left empty. */
export const requiredProblems = <F extends string>(required: readonly F[], values: Record<F, string>): FieldProblems<F> =>
  emptyFormProblems(required.filter((field) => !values[field]?.trim()))

export const firstInvalid = <F extends string>(order: readonly F[], problems: FieldProblems<F>): F | undefined =>
  order.find((field) => problems[field] !== undefined)

/** The fields whose problems show, once `field` has been left. */
export const withShown = <F extends string>(shown: F[], field: F): F[] => (shown.includes(field) ? shown : [...shown, field])

/** What a form machine keeps of its fields. */
export interface FormFields<F extends string> {
  /** What the fields hold: the page's fields keep what is typed, and tell the machine at once,
   * whether or not the schema has loaded. */
  values: Record<F, string>
  problems: FieldProblems<F>
  /** Fields whose problems show: after leaving them, or after a submit. */
  shown: F[]
  /** Whether the form's schema has loaded. Until then the only problems known are required fields
   * left empty, and a submit waits for it. */
  schemaReady: boolean
}

/** An empty form, its schema not loaded yet. */
export const emptyFormFields = <F extends string>(order: readonly F[], required: readonly F[] = order): FormFields<F> => ({
  values: Object.fromEntries(order.map((field) => [field, ''])) as Record<F, string>,
  problems: emptyFormProblems(required),
  shown: [],
  schemaReady: false,
})

type FieldEvent<F extends string> = { type: 'field.change'; field: F; value: string } | { type: 'field.blur'; field: F } | { type: string }

/** The steps every form machine takes with its fields, as context updates for `assign` and
 * answers for guards; `validate` is the form's (lazily loaded) schema, used once it has loaded. */
export function formSteps<F extends string>(
  order: readonly F[],
  validate: (values: Record<F, string>) => FieldProblems<F>,
  required: readonly F[] = order,
) {
  const problemsOf = (form: FormFields<F>, values: Record<F, string>) => (form.schemaReady ? validate(values) : requiredProblems(required, values))
  return {
    /** `field.change`: the value, and every problem recomputed. */
    change: (form: FormFields<F>, event: FieldEvent<F>): Partial<FormFields<F>> => {
      if (event.type !== 'field.change' || !('value' in event)) return {}
      const values = { ...form.values, [event.field]: event.value } as Record<F, string>
      return { values, problems: problemsOf(form, values) }
    },
    /** `field.blur`: the left field's problem shows. */
    blur: (form: FormFields<F>, event: FieldEvent<F>): Partial<FormFields<F>> =>
      event.type === 'field.blur' && 'field' in event ? { shown: withShown(form.shown, event.field) } : {},
    /** A refused submit: every problem shows. */
    showAll: (form: FormFields<F>): Partial<FormFields<F>> => ({ shown: [...order], problems: problemsOf(form, form.values) }),
    /** The schema has loaded: every problem is known. */
    schemaLoaded: (form: FormFields<F>): Partial<FormFields<F>> => ({ schemaReady: true, problems: validate(form.values) }),
    /** Emptied (after a successful send): the schema stays loaded. */
    cleared: (form: FormFields<F>): Partial<FormFields<F>> => {
      const values = Object.fromEntries(order.map((field) => [field, ''])) as Record<F, string>
      return { values, problems: problemsOf(form, values), shown: [] }
    },
    isValid: (form: FormFields<F>) => form.schemaReady && Object.keys(validate(form.values)).length === 0,
    isSchemaPending: (form: FormFields<F>) => !form.schemaReady,
    /** Where focus goes after a refused submit. */
    firstInvalid: (form: FormFields<F>) => ({ field: firstInvalid(order, problemsOf(form, form.values)) as F }),
  }
}

/** The root transitions of a form machine: typing and leaving a field, in any state that has no
 * say of its own, and the schema arriving. */
export const fieldTransitions = {
  'field.change': { actions: 'updateValue', description: 'The user types in a field.' },
  'field.blur': { actions: 'showProblem', description: 'The user leaves a field: its problem, if any, shows.' },
  'schema.loaded': { actions: 'useSchema', description: "The form's checks have loaded: every problem is known." },
} as const

/** The first choice of a form's submit: before its checks have loaded, wait for them. */
export const waitForSchema = {
  guard: 'isSchemaPending',
  target: 'validating',
  description: "Submitted before the form's checks have loaded: they load first.",
} as const

/** Where a submit made before the form's checks had loaded waits for them, then is taken again
 * (from `editing`, with every problem known). The button waits; the fields stay as they are, so
 * focus can go to the first wrong one. */
export const validatingState = {
  description: "Loading the form's checks, after a submit that came before them: the button waits.",
  tags: 'checking',
  invoke: {
    id: 'loadSchema',
    src: 'loadSchema',
    onDone: { target: 'editing', actions: ['useSchema', 'submitAgain'], description: 'Loaded: the submit is taken again.' },
    onError: {
      target: 'editing',
      actions: { type: 'notifyFailure', params: {} },
      description: 'They could not load (no connection): nothing is sent, what was typed stays.',
    },
  },
} as const
