// Why a form field, or a function's input field, was refused: one vocabulary for every form and
// the functions. Forms turn each into a sentence in the visitor's language.
export const FIELD_PROBLEMS = ['required', 'email', 'tooShort', 'tooLong', 'url', 'choice', 'invalid'] as const
export type FieldProblem = (typeof FIELD_PROBLEMS)[number]
export type FieldProblems<F extends string> = Partial<Record<F, FieldProblem>>
