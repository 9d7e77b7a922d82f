// The demo request's fields, limits and problem names: plain constants, so that the form can
// show them without loading the schema (demo-request.ts), which needs arktype.
import type { FieldProblem, FieldProblems as FieldProblemsOf } from './field-problems.ts'

export const NEEDS = ['lead_generation', 'content', 'profile_optimization', 'other'] as const
export type Need = (typeof NEEDS)[number]

export const LANGUAGES = ['nb', 'en'] as const
export type RequestLanguage = (typeof LANGUAGES)[number]

/** Maximum lengths in characters (code points). */
export const LIMITS = { name: 100, email: 255, company: 200, linkedin: 500, notes: 2000, website: 500 } as const

/** The fields a visitor fills in, in the order the form shows them. */
export const DEMO_FIELDS = ['name', 'email', 'company', 'linkedin', 'need', 'notes'] as const
export type DemoField = (typeof DEMO_FIELDS)[number]

/** The fields that must be filled in. */
export const REQUIRED_DEMO_FIELDS = ['name', 'email', 'need'] as const satisfies readonly DemoField[]

/** Why a field was refused (the vocabulary every form shares); the form translates it. */
export { FIELD_PROBLEMS as PROBLEMS } from './field-problems.ts'
export type Problem = FieldProblem
export type FieldProblems = FieldProblemsOf<DemoField>
