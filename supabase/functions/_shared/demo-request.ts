// The demo request: one schema for the form (machines/demo-form.machine.ts) and for the
// send-demo-request server function. Web standards and arktype only, so it runs in the browser,
// in Node and in Deno alike.
//
// Rules, applied after trimming and Unicode NFC normalisation of every string:
// - name: required, at most 100 characters;
// - email: required, an e-mail address, at most 255 characters; stored in lower case;
// - company: optional, at most 200 characters;
// - linkedin: optional; when given, a LinkedIn URL (rule below), at most 500 characters;
// - need: required, one of NEEDS (stored language-independent);
// - notes: optional, at most 2000 characters;
// - language: optional, 'nb' (default) or 'en', the language the visitor wrote in;
// - website: the hidden honeypot field; people leave it empty.
// - no field may hold a control character other than white space, nor a lone UTF-16 surrogate
//   ('invalid'); a required field must show something: one made only of white space or invisible
//   characters (zero-width spaces and joiners, direction marks, …) counts as empty ('required').
// "Characters" are Unicode code points, as PostgreSQL's char_length counts them, so an emoji is one.
//
// The LinkedIn rule: any http(s) URL whose host is linkedin.com or a subdomain of it
// (www., no., m., …), with a path (a profile /in/…, a company page /company/…). `https://` and
// `www.` may be left out. The stored form is normalised: `https://www.linkedin.com<path>`, the
// path as given without a trailing slash, query string and fragment dropped (they hold tracking
// parameters). Ports, user names and other hosts (lnkd.in short links included) are refused.
import { type } from 'arktype'
import {
  DEMO_FIELDS,
  type DemoField,
  type DemoFieldSpec,
  demoFieldTable,
  type FieldProblems,
  LANGUAGES,
  LIMITS,
  NEEDS,
  type Need,
  PROBLEMS,
  type Problem,
  type RequestLanguage,
} from './demo-fields.ts'

export { DEMO_FIELDS, demoFieldTable, LANGUAGES, LIMITS, NEEDS, PROBLEMS }
export type { DemoField, DemoFieldSpec, FieldProblems, Need, Problem, RequestLanguage }

/** What the form sends: every field as typed. */
export type DemoRequestInput = Partial<Record<DemoField | 'language' | 'website', string>>

const isProblem = (value: string): value is Problem => (PROBLEMS as readonly string[]).includes(value)

/** Trims and NFC-normalises, so that "é" typed either way counts and compares the same. */
export const clean = (value: string) => value.trim().normalize('NFC')

/** Length in code points (PostgreSQL's char_length), not UTF-16 units. */
export const charCount = (value: string) => {
  let count = 0
  for (const _ of value) count += 1
  return count
}

const LINKEDIN_HOST = /^(?:[a-z0-9-]+\.)*linkedin\.com$/

/** The normalised LinkedIn URL, or null when the text is not one (see the rule above). */
export function normaliseLinkedIn(text: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password || url.port) return null
  if (!LINKEDIN_HOST.test(url.hostname)) return null
  const path = url.pathname.replace(/\/+$/, '')
  if (path === '') return null
  return `https://www.linkedin.com${path}`
}

/** Whether the text holds a control character other than white space (C0 but tab, line feed,
 * vertical tab, form feed and carriage return; DEL; C1) or a lone UTF-16 surrogate: no field may
 * (the database cannot store a NUL, and a lone surrogate is not Unicode text). */
export function hasForbiddenCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i)
    if (unit <= 0x08 || (unit >= 0x0e && unit <= 0x1f) || (unit >= 0x7f && unit <= 0x9f)) return true
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1)
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true
      i += 1
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return true
  }
  return false
}

const SPACE_OR_FORMAT = /[\s\p{Z}\p{Cf}]/u
/** Characters that show nothing by themselves: white space, format characters (zero-width space
 * and joiners, direction marks and overrides, word joiner, BOM, soft hyphen, tags), variation
 * selectors, the combining grapheme joiner, Hangul fillers and the Mongolian and Khmer invisibles. */
const invisible = (character: string) => {
  const cp = character.codePointAt(0)!
  return (
    SPACE_OR_FORMAT.test(character) ||
    cp === 0x034f ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    (cp >= 0x180b && cp <= 0x180f) ||
    cp === 0x3164 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xffa0 ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  )
}

/** Whether the text shows anything: a name made only of invisible characters is no name. */
export function hasVisibleText(value: string): boolean {
  for (const character of value) if (!invisible(character)) return true
  return false
}

const email = type('string.email')
const reject = (ctx: { reject: (input: { expected: string; actual: string }) => false }, problem: Problem) =>
  ctx.reject({ expected: problem, actual: '' })

const text = (max: number, required: boolean) =>
  type('string')
    .narrow((value, ctx) => !hasForbiddenCharacters(value) || reject(ctx, 'invalid'))
    .pipe(clean)
    .narrow((value, ctx) => !required || hasVisibleText(value) || reject(ctx, 'required'))
    .narrow((value, ctx) => charCount(value) <= max || reject(ctx, 'tooLong'))

const emailField = text(LIMITS.email, true)
  .narrow((value, ctx) => email.allows(value) || reject(ctx, 'email'))
  .pipe((value) => value.toLowerCase())

const linkedinField = text(LIMITS.linkedin, false)
  .narrow((value, ctx) => value === '' || normaliseLinkedIn(value) !== null || reject(ctx, 'url'))
  .narrow((value, ctx) => {
    // Without JIT (a strict CSP in the browser) every check runs even after one failed.
    const url = value === '' ? '' : normaliseLinkedIn(value)
    return url === null || charCount(url) <= LIMITS.linkedin || reject(ctx, 'tooLong')
  })
  .pipe((value) => (value === '' ? '' : (normaliseLinkedIn(value) ?? value)))

const isNeed = (value: string): value is Need => (NEEDS as readonly string[]).includes(value)
const needField = text(100, true)
  .narrow((value, ctx) => value === '' || isNeed(value) || reject(ctx, 'choice'))
  .pipe((value) => value as Need)

const isLanguage = (value: string): value is RequestLanguage => (LANGUAGES as readonly string[]).includes(value)
const languageField = type('string')
  .narrow((value, ctx) => isLanguage(value) || reject(ctx, 'invalid'))
  .pipe((value) => value as RequestLanguage)

/** A field's check, by its kind in the field table. */
function fieldCheck(spec: DemoFieldSpec) {
  if (spec.kind === 'email') return emailField
  if (spec.kind === 'linkedin') return linkedinField
  if (spec.kind === 'need') return needField
  return text(spec.limit, spec.required)
}

/** The schema, from the field table; unknown keys are dropped. */
export const demoRequestSchema = type({
  '+': 'delete',
  ...Object.fromEntries(demoFieldTable.map((spec) => [spec.required ? spec.name : `${spec.name}?`, fieldCheck(spec)])),
  'language?': languageField,
  'website?': text(LIMITS.website, false),
} as Record<string, unknown> as { '+': 'delete' })

/** A valid request, normalised, every optional field filled in. */
export type DemoRequest = Record<DemoField, string> & { need: Need; language: RequestLanguage; website: string }

/** What the form sends: the request, and the bot check's token when the site has one. The schema
 * drops the token (an unknown key); the function reads it from the body itself. */
export type DemoRequestBody = DemoRequest & { captcha_token?: string }

export type Validation = { ok: true; request: DemoRequest } | { ok: false; fields: FieldProblems; body?: Problem }

/** Validates anything (a form's values, a parsed request body) against the schema. */
export function validateDemoRequest(input: unknown): Validation {
  // A field sent as null (or undefined) counts as left out.
  const present =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined))
      : input
  const out = demoRequestSchema(present)
  if (out instanceof type.errors) {
    const fields: FieldProblems = {}
    let body: Problem | undefined
    // Several failed checks on one field (possible without JIT) arrive as one intersection: the
    // first check's problem names it.
    for (const error of out.flatMap((e) => e.flat.slice(0, 1))) {
      const [key] = error.path
      const problem: Problem = error.code === 'required' ? 'required' : isProblem(error.expected) ? error.expected : 'invalid'
      if (typeof key === 'string' && (DEMO_FIELDS as readonly string[]).includes(key)) {
        fields[key as DemoField] ??= problem
      } else body ??= problem
    }
    return body ? { ok: false, fields, body } : { ok: false, fields }
  }
  const valid = out as Partial<Record<string, string>>
  const fields = Object.fromEntries(DEMO_FIELDS.map((field) => [field, valid[field] ?? ''])) as Record<DemoField, string>
  return {
    ok: true,
    request: { ...fields, need: fields.need as Need, language: (valid.language ?? 'nb') as RequestLanguage, website: valid.website ?? '' },
  }
}

/** The function's answers. */
export type DemoResponse =
  | { ok: true }
  | { ok: false; error: 'invalid'; fields: FieldProblems }
  | { ok: false; error: DemoFailure }

export type DemoFailure =
  | 'origin_not_allowed'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'invalid_json'
  | 'bot_check_failed'
  | 'bot_check_unavailable'
  | 'rate_limited'
  | 'storage_failed'
  | 'not_configured'
