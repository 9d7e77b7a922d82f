// What the tests type into the demo form, derived from the field table
// (supabase/functions/_shared/demo-field-table.ts) by each field's kind: a value that passes and the
// form the schema stores it in, and a value that fails with the problem it gives. A new row of the
// table has its samples here without an edit, so no test lists the fields.
import { type DemoField, type DemoFieldSpec, demoFieldSpec, demoFieldTable, type Problem } from '../supabase/functions/_shared/demo-fields.ts'

type Kind = DemoFieldSpec['kind']

/** A right value of each kind, as a visitor types it and as it is stored. */
const right: Record<Kind, { typed: string; stored: string }> = {
  text: { typed: 'Øvre Årdal', stored: 'Øvre Årdal' },
  email: { typed: 'ase@fjord.no', stored: 'ase@fjord.no' },
  linkedin: { typed: 'linkedin.com/in/ase-odegard', stored: 'https://www.linkedin.com/in/ase-odegard' },
  need: { typed: 'profile_optimization', stored: 'profile_optimization' },
  long: { typed: 'Vi vil ha flere møter med innkjøpere.', stored: 'Vi vil ha flere møter med innkjøpere.' },
}

/** Right text for a line of text whose autofill token says what it holds. */
const byToken: Partial<Record<string, string>> = { name: 'Åse Ødegård', organization: 'Fjord Consulting AS', tel: '+47 22 33 44 55' }

/** At most `limit` characters (code points), as the schema counts them. */
const upTo = (text: string, limit: number) => [...text].slice(0, limit).join('').trim()

const rightFor = (spec: DemoFieldSpec) => (spec.kind === 'text' && spec.autocomplete && byToken[spec.autocomplete]) || right[spec.kind].typed

/** What a visitor types when getting a field right. */
export const validValues = Object.fromEntries(demoFieldTable.map((spec) => [spec.name, upTo(rightFor(spec), spec.limit)])) as Record<DemoField, string>

/** One way to get a field wrong, by its kind, and the problem the schema gives it. */
function wrong(spec: DemoFieldSpec): { value: string; problem: Problem } {
  if (spec.kind === 'email') return { value: 'ase@fjord', problem: 'email' }
  if (spec.kind === 'linkedin') return { value: 'facebook.com/ase', problem: 'url' }
  if (spec.kind === 'need') return spec.required ? { value: '', problem: 'required' } : { value: 'Innhold', problem: 'choice' }
  return { value: spec.name[0]!.repeat(spec.limit + 1), problem: 'tooLong' }
}

/** One way to get each field wrong, and the problem it gives. */
export const invalidValues = Object.fromEntries(demoFieldTable.map((spec) => [spec.name, wrong(spec)])) as Record<
  DemoField,
  { value: string; problem: Problem }
>

/** A field's value as the schema stores it: trimmed and NFC-normalised; an e-mail address in lower
 * case; a LinkedIn URL in its normalised form (known here for the sample only). */
export function storedValue(field: DemoField, typed: string): string {
  const spec = demoFieldSpec(field)
  const value = typed.trim().normalize('NFC')
  if (value === '') return ''
  if (spec.kind === 'email') return value.toLowerCase()
  if (spec.kind === 'linkedin') {
    if (value !== right.linkedin.typed) throw new Error(`no stored form known for the LinkedIn URL ${JSON.stringify(value)}`)
    return right.linkedin.stored
  }
  return value
}

/** The fields of a request as stored: every field of the table, those not given empty. */
export const storedFields = (values: Partial<Record<DemoField, string>>): Record<DemoField, string> =>
  Object.fromEntries(demoFieldTable.map((spec) => [spec.name, storedValue(spec.name, values[spec.name] ?? '')])) as Record<DemoField, string>

/** The smallest valid request: the required fields, right. */
export const requiredValues = Object.fromEntries(
  demoFieldTable.filter((spec) => spec.required).map((spec) => [spec.name, validValues[spec.name]]),
) as Partial<Record<DemoField, string>>

/** The optional fields. */
export const optionalFields = demoFieldTable.filter((spec) => !spec.required).map((spec) => spec.name) as DemoField[]
