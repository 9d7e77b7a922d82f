// The demo request schema (shared by the form and the function): property-based tests around
// every limit, the e-mail and LinkedIn forms people type, and names in any script.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { charCount, DEMO_FIELDS, demoFieldTable, LIMITS, NEEDS, normaliseLinkedIn, validateDemoRequest } from '../../supabase/functions/_shared/demo-request.ts'
import { invalidValues, optionalFields, requiredValues, storedFields, validValues } from '../demo-samples.ts'

/** The smallest valid request (the required fields of the field table); each test changes a field. */
const base = requiredValues
const check = (overrides: Record<string, unknown>) => validateDemoRequest({ ...base, ...overrides })
const problemOf = (field: string, overrides: Record<string, unknown>) => {
  const result = check(overrides)
  return result.ok ? undefined : result.fields[field as keyof typeof result.fields]
}

/** Characters that stay one code point after trimming and NFC: Norwegian letters, accents, emoji, CJK. */
const char = fc.constantFrom('a', 'Z', '0', 'Ø', 'ø', 'Å', 'å', 'Æ', 'é', 'ü', 'ß', '😀', '🚀', '漢', 'Ж', '-', "'", '.', ' ')
/** Text of exactly `length` characters; the ends are visible, since edges are trimmed. */
const visible = char.filter((c) => c !== ' ')
const textOf = (length: number) =>
  length === 1
    ? visible
    : fc
        .tuple(visible, fc.array(char, { minLength: length - 2, maxLength: length - 2 }), visible)
        .map(([first, middle, last]) => `${first}${middle.join('')}${last}`)

/** The fields of free text, each with its limit (the field table's). */
const textLimits = demoFieldTable.filter((spec) => spec.kind === 'text' || spec.kind === 'long').map((spec) => [spec.name, spec.limit] as const)

describe('text limits, counted in characters (code points), not UTF-16 units', () => {
  for (const [field, max] of textLimits) {
    it(`${field}: up to ${max} characters is accepted, unchanged`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max }).chain((n) => textOf(n)),
          (text) => {
            const result = check({ [field]: text })
            expect(result.ok && result.request[field]).toBe(text)
          },
        ),
        { numRuns: 60 },
      )
    })

    it(`${field}: ${max + 1} characters or more is too long`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: max + 1, max: max + 50 }).chain((n) => textOf(n)),
          (text) => {
            expect(problemOf(field, { [field]: text })).toBe('tooLong')
          },
        ),
        { numRuns: 40 },
      )
    })

    it(`${field}: exactly ${max} passes and ${max + 1} fails, even in emoji`, () => {
      expect(check({ [field]: '😀'.repeat(max) }).ok).toBe(true)
      expect(problemOf(field, { [field]: '😀'.repeat(max + 1) })).toBe('tooLong')
      expect(check({ [field]: 'Ø'.repeat(max) }).ok).toBe(true)
      expect(problemOf(field, { [field]: 'Å'.repeat(max + 1) })).toBe('tooLong')
    })

    it(`${field}: surrounding spaces do not count and are trimmed away`, () => {
      const result = check({ [field]: `  \t${'a'.repeat(max)}\n ` })
      expect(result.ok && result.request[field]).toBe('a'.repeat(max))
    })
  }

  for (const field of Object.keys(requiredValues)) {
    it(`${field} is required: missing, empty or only spaces`, () => {
      expect(problemOf(field, { [field]: undefined })).toBe('required')
      expect(problemOf(field, { [field]: '' })).toBe('required')
      expect(problemOf(field, { [field]: ' \t\n ' })).toBe('required')
    })
  }

  it(`the optional fields (${optionalFields.join(', ')}) may be left out or empty`, () => {
    const leftOut = check({})
    const empty = check(Object.fromEntries(optionalFields.map((field) => [field, ''])))
    for (const result of [leftOut, empty]) {
      expect(result.ok && optionalFields.map((field) => result.request[field])).toEqual(optionalFields.map(() => ''))
    }
  })
})

describe('unicode names', () => {
  for (const name of ['Øystein Åsen', 'Åse Ødegård', 'Renée Dubois', 'Jürgen Groß', '张伟', 'Ольга', 'Kari 🚀 Nordmann', '👩‍💻']) {
    it(`keeps "${name}" as typed`, () => {
      const result = check({ name })
      expect(result.ok && result.request.name).toBe(name)
    })
  }

  it('stores é the same whether typed as one character or as e + accent (NFC)', () => {
    const decomposed = 'Rene\u0301e'
    const result = check({ name: decomposed })
    expect(result.ok && result.request.name).toBe('Renée')
    expect(check({ name: `${'e\u0301'.repeat(LIMITS.name)}` }).ok).toBe(true)
  })

  it('any name of letters from any script, 1 to 100 characters, is accepted', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }), (raw) => {
        const cleaned = raw.trim().normalize('NFC')
        fc.pre(cleaned.length > 0 && charCount(cleaned) <= LIMITS.name)
        const result = check({ name: raw })
        expect(result.ok && result.request.name).toBe(cleaned)
      }),
      { numRuns: 200 },
    )
  })
})

describe('e-mail', () => {
  const address = (length: number) => `${'k'.repeat(length - '@example.no'.length)}@example.no`

  it(`up to ${LIMITS.email} characters is accepted; ${LIMITS.email + 1} is too long`, () => {
    expect(address(LIMITS.email)).toHaveLength(255)
    expect(check({ email: address(LIMITS.email) }).ok).toBe(true)
    expect(problemOf('email', { email: address(LIMITS.email + 1) })).toBe('tooLong')
    fc.assert(
      fc.property(fc.integer({ min: 12, max: LIMITS.email }), (n) => {
            expect(check({ email: address(n) }).ok).toBe(true)
          }),
      { numRuns: 50 },
    )
    fc.assert(
      fc.property(fc.integer({ min: LIMITS.email + 1, max: 400 }), (n) => {
            expect(problemOf('email', { email: address(n) })).toBe('tooLong')
          }),
      { numRuns: 50 },
    )
  })

  it('accepts the forms people type, stored trimmed and in lower case', () => {
    const local = fc.stringMatching(/^[a-z0-9][a-z0-9._%+-]{0,20}$/)
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/)
    const tld = fc.constantFrom('no', 'com', 'io', 'museum', 'NO')
    fc.assert(
      fc.property(local, fc.array(label, { minLength: 1, maxLength: 3 }), tld, fc.constantFrom('', ' ', '\t'), (l, labels, t, pad) => {
        const email = `${pad}${l}@${labels.join('.')}.${t}${pad}`
        const result = check({ email })
        expect(result.ok && result.request.email).toBe(email.trim().toLowerCase())
      }),
      { numRuns: 200 },
    )
  })

  for (const email of ['kari', 'kari@', '@example.no', 'kari@example', 'kari@example.n', 'kari nordmann@example.no', 'kari@exa mple.no', 'kari@@example.no', 'mailto:kari@example.no']) {
    it(`refuses "${email}"`, () => expect(problemOf('email', { email })).toBe('email'))
  }

  it('is required', () => {
    expect(problemOf('email', { email: undefined })).toBe('required')
    expect(problemOf('email', { email: '   ' })).toBe('required')
  })
})

describe('LinkedIn URL', () => {
  const slug = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,38}$/)
  const prefix = fc.constantFrom(
    'https://www.linkedin.com',
    'http://www.linkedin.com',
    'https://linkedin.com',
    'www.linkedin.com',
    'linkedin.com',
    'no.linkedin.com',
    'https://m.linkedin.com',
    'HTTPS://WWW.LINKEDIN.COM',
  )
  const suffix = fc.constantFrom('', '/', '?originalSubdomain=no', '/?trk=public_profile', '#about')

  it('accepts profile URLs with or without https:// and www., normalised to https://www.linkedin.com/in/…', () => {
    fc.assert(
      fc.property(prefix, slug, suffix, fc.constantFrom('', '  '), (p, s, x, pad) => {
        const result = check({ linkedin: `${pad}${p}/in/${s}${x}${pad}` })
        expect(result.ok && result.request.linkedin).toBe(`https://www.linkedin.com/in/${s}`)
      }),
      { numRuns: 200 },
    )
  })

  it('accepts company pages too', () => {
    expect(normaliseLinkedIn('linkedin.com/company/vekstlinje/')).toBe('https://www.linkedin.com/company/vekstlinje')
  })

  it(`up to ${LIMITS.linkedin} characters (as stored) is accepted; ${LIMITS.linkedin + 1} is too long`, () => {
    const url = (length: number) => {
      const head = 'https://www.linkedin.com/in/'
      return head + 'a'.repeat(length - head.length)
    }
    expect(url(LIMITS.linkedin)).toHaveLength(500)
    expect(check({ linkedin: url(LIMITS.linkedin) }).ok).toBe(true)
    expect(problemOf('linkedin', { linkedin: url(LIMITS.linkedin + 1) })).toBe('tooLong')
    // Typed without https://www. it is shorter, but it is the stored form that counts.
    const typed = `linkedin.com/in/${'a'.repeat(LIMITS.linkedin - 'https://www.linkedin.com/in/'.length + 1)}`
    expect(typed.length).toBeLessThan(LIMITS.linkedin)
    expect(problemOf('linkedin', { linkedin: typed })).toBe('tooLong')
    fc.assert(
      fc.property(fc.integer({ min: 29, max: LIMITS.linkedin }), (n) => {
            expect(check({ linkedin: url(n) }).ok).toBe(true)
          }),
      { numRuns: 50 },
    )
  })

  for (const linkedin of [
    'https://example.com/in/kari',
    'https://linkedin.com.evil.example/in/kari',
    'https://evillinkedin.com/in/kari',
    'https://lnkd.in/abc',
    'ftp://linkedin.com/in/kari',
    'javascript:alert(1)',
    'https://www.linkedin.com',
    'https://www.linkedin.com/',
    'https://www.linkedin.com:8443/in/kari',
    'https://kari:secret@www.linkedin.com/in/kari',
    'kari nordmann',
    'http://',
  ]) {
    it(`refuses "${linkedin}"`, () => expect(problemOf('linkedin', { linkedin })).toBe('url'))
  }

  it('is optional', () => {
    expect(check({ linkedin: '' }).ok).toBe(true)
    expect(check({ linkedin: '   ' }).ok).toBe(true)
    expect(check({ linkedin: undefined }).ok).toBe(true)
  })
})

describe('need', () => {
  for (const need of NEEDS) it(`accepts ${need}`, () => expect(check({ need }).ok).toBe(true))

  it('refuses the visible labels in either language: only the language-independent values are stored', () => {
    for (const need of ['Leadgenerering', 'Lead Generation', 'Innhold', 'Content', 'Annet', 'Other', 'LEAD_GENERATION']) {
      expect(problemOf('need', { need })).toBe('choice')
    }
  })

  it('is required', () => {
    expect(problemOf('need', { need: '' })).toBe('required')
    expect(problemOf('need', { need: undefined })).toBe('required')
  })

  it('anything else is refused', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (need) => {
        fc.pre(!(NEEDS as readonly string[]).includes(need.trim()) && need.trim() !== '')
        expect(problemOf('need', { need })).toBe('choice')
      }),
    )
  })
})

describe('the whole request', () => {
  it('with every field right, every field is kept, normalised', () => {
    expect(validateDemoRequest(validValues)).toEqual({ ok: true, request: { ...storedFields(validValues), language: 'nb', website: '' } })
  })

  it('reports every wrong field at once, by its message key', () => {
    const values = Object.fromEntries(DEMO_FIELDS.map((field) => [field, invalidValues[field].value]))
    const problems = Object.fromEntries(DEMO_FIELDS.map((field) => [field, invalidValues[field].problem]))
    expect(validateDemoRequest(values)).toEqual({ ok: false, fields: problems })
    // Required fields left empty among them.
    const empty = Object.fromEntries(Object.keys(requiredValues).map((field) => [field, '']))
    expect(validateDemoRequest({ ...values, ...empty })).toEqual({
      ok: false,
      fields: { ...problems, ...Object.fromEntries(Object.keys(empty).map((field) => [field, 'required'])) },
    })
  })

  it('wrong types are "invalid", a body that is not an object is refused as a whole', () => {
    for (const field of DEMO_FIELDS) expect(problemOf(field, { [field]: 42 })).toBe('invalid')
    expect(validateDemoRequest(null)).toMatchObject({ ok: false, body: 'invalid' })
    expect(validateDemoRequest('name=Kari')).toMatchObject({ ok: false, body: 'invalid' })
  })

  it('drops unknown fields and defaults the optional ones', () => {
    expect(validateDemoRequest({ ...base, admin: true, id: 'x' })).toEqual({
      ok: true,
      request: { ...storedFields(base), language: 'nb', website: '' },
    })
  })

  it('accepts the two site languages only', () => {
    expect(check({ language: 'en' })).toMatchObject({ ok: true, request: { language: 'en' } })
    expect(check({ language: 'de' }).ok).toBe(false)
  })

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = validateDemoRequest(input)
        expect(typeof result.ok).toBe('boolean')
      }),
      { numRuns: 300 },
    )
  })
})
