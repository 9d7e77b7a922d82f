// The demo request's fields, limits and problem names: plain constants, so that the form can
// show them without loading the schema (demo-request.ts), which needs arktype.
import { type DemoFieldSpec, demoFieldTable } from './demo-field-table.ts'
import type { FieldProblem, FieldProblems as FieldProblemsOf } from './field-problems.ts'

export { type DemoFieldSpec, demoFieldTable }

export const NEEDS = ['lead_generation', 'content', 'profile_optimization', 'other'] as const
export type Need = (typeof NEEDS)[number]

export const LANGUAGES = ['nb', 'en'] as const
export type RequestLanguage = (typeof LANGUAGES)[number]

/** The fields a visitor fills in, in the order the form shows them (the field table's). */
export type DemoField = (typeof demoFieldTable)[number]['name']
export const DEMO_FIELDS = demoFieldTable.map((field) => field.name) as readonly DemoField[]

/** The hidden honeypot field's limit. */
const WEBSITE_LIMIT = 500

/** Maximum lengths in characters (code points). */
export const LIMITS = {
  ...(Object.fromEntries(demoFieldTable.map((field) => [field.name, field.limit])) as Record<DemoField, number>),
  website: WEBSITE_LIMIT,
}

/** The fields that must be filled in. */
export const REQUIRED_DEMO_FIELDS = demoFieldTable.filter((field) => field.required).map((field) => field.name) as readonly DemoField[]

/** A field's row in the table. */
export const demoFieldSpec = (field: DemoField): DemoFieldSpec => demoFieldTable.find((spec) => spec.name === field)!

/** Why a field was refused (the vocabulary every form shares); the form translates it. */
export { FIELD_PROBLEMS as PROBLEMS } from './field-problems.ts'
export type Problem = FieldProblem
export type FieldProblems = FieldProblemsOf<DemoField>
