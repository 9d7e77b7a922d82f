import { describe, expect, it } from 'vitest'
import { readMailTexts } from '../../src/build/mail-texts'
import { readCatalog } from '../../src/build/po'

// The mechanical rules of locales/STYLE.md, read from every catalog: the site's (messages.po) and
// the auth e-mails' (emails.po), in both languages. The rules that need a reader are in STYLE.md only.

type Lang = 'nb' | 'en'
interface Text {
  lang: Lang
  /** Which catalog and message: shown when a rule fails. */
  where: string
  /** The message id (the English source text, or the e-mail's place): the exceptions are keyed by it. */
  id: string
  text: string
}

/** Numbers written as digits on purpose, by message id (STYLE.md, "Numbers"). */
const digitsOnPurpose = new Map([
  ['Minimum 6 characters', 'the password field placeholder, fixed by the spec ("Minimum 6 tegn")'],
  ['10 messages per month', "the Free plan's quota, a figure compared with Pro's unlimited messages"],
])

// Placeholders ({name}) and inline elements (<0>, </0>) are not text.
const plain = (text: string) => text.replace(/\{\w+\}/g, 'X').replace(/<\/?\d+>/g, '')

const months = 'januar|februar|mars|april|mai|juni|juli|august|september|oktober|november|desember'
const references = /(?:artikkel|artikler|nr\.|punkt|kapittel|bokstav|§|article|section|chapter|step|steg)\s$/i
const units = /^\s?(?:kr|NOK|%|px|KB|MB|GB|ms|h)\b/

/** Digits for one to twelve in running text: not in a range (3–5), a time (09:00), a date (1. mars),
 * a thousand (2 499), a code or name (B2B, eu-central-1, AES-256), a reference (artikkel 6 nr. 1,
 * section 5, Article 6(1)) or before a unit (5 kr, 8 px). */
function smallNumbersInDigits({ id, text }: Text): string[] {
  if (digitsOnPurpose.has(id)) return []
  const line = plain(text)
  const found: string[] = []
  for (const match of line.matchAll(/(?<=^|[\s«“"]|(?<![\p{L}\p{N})])\()(\d+)(?=$|[\s;!?)»”"]|[.,:](?!\d))/gu)) {
    const digits = match[1] ?? ''
    const n = Number(digits)
    if (n < 1 || n > 12) continue
    const before = line.slice(0, match.index)
    const after = line.slice(match.index + digits.length)
    if (references.test(before) || units.test(after)) continue
    if (/^[\s\u00a0]\d{3}\b/.test(after)) continue
    if (new RegExp(`^\\.\\s(?:${months})\\b`, 'i').test(after)) continue
    found.push(`"${digits}" in: ${text}`)
  }
  return found
}

/** Bokmål here writes frem (frem, fremtid, fremdrift), never fram; "Data Privacy Framework" is a name. */
const fram = ({ text }: Text) => [...plain(text).matchAll(/(?<!\p{L})fram(?!ework)\p{L}*/giu)].map((m) => `"${m[0]}" in: ${text}`)

/** English questions open with a contraction: "Didn't …?", "Can't …?", not "Did not …?", "Cannot …?"
 * or "Can you not …?" (which reads as a reproach). */
const uncontractedQuestion = ({ text }: Text) =>
  [
    ...plain(text).matchAll(
      /(?:^|[.!?:]\s+)((?:(?:Did|Do|Does|Could|Can|Is|Are|Was|Were|Have|Has|Had|Would|Will|Should)(?: you)? not|Cannot)\b[^.!?]*\?)/g,
    ),
  ].map((m) => `"${m[1]}"`)

/** American spelling: the British forms this site could use, by pattern. */
const british: RegExp[] = [
  /\b\p{L}*(?:is|ys)ation(?:s|al|ally)?\b/giu, // organisation, authorisation, organisational, analysation
  /\b(?:organis|recognis|personalis|authoris|optimis|prioritis|summaris|customis|realis|specialis|standardis|categoris|minimis|maximis|utilis|visualis|anonymis|pseudonymis|apologis|finalis|localis|normalis|synchronis|initialis|criticis|characteris|digitalis|centralis|emphasis|familiaris|memoris|monetis)(?:e|ed|es|ing|er|ers)\b/giu,
  /\b(?:analys|paralys|catalys)(?:e|ed|ing)\b/giu,
  /\b(?:col|fav|behavi|hon|lab|neighb|hum|rum|flav|harb|endeav|sav|arm|vig|od|rig|splend)our(?:s|ed|ing|ite|ites|able|ful)?\b/giu,
  /\b(?:centre|metre|litre|fibre|theatre|calibre|sombre|spectre|lustre)s?\b/giu,
  /\b(?:licence|defence|offence|pretence|catalogue|analogue|programme)s?\b/giu,
  /\b\p{L}*(?:cancell|modell|labell|travell|fuell|signall|channell|counsell|levell|tunnell|quarrell|equall)(?:ed|ing|er|ers)\b/giu,
  /\b(?:fulfil|fulfilment|enrol|enrolment|instalment|skilful|wilful|whilst|amongst|learnt|spelt|towards|judgement|ageing|cheque|grey|enquir\p{L}*|sceptic\p{L}*)\b/giu,
]
const britishSpelling = ({ text }: Text) => british.flatMap((pattern) => [...plain(text).matchAll(pattern)].map((m) => `"${m[0]}"`))

/** Quotation marks: «…» in Norwegian, “…” in English; never straight double quotes. */
const quotationMarks = ({ lang, text }: Text) => {
  const wrong = lang === 'nb' ? /["“”]/g : /["«»]/g
  return [...plain(text).matchAll(wrong)].map(() => `${lang === 'nb' ? 'use «…»' : 'use “…”'} in: ${text}`)
}

/** A range of numbers or times takes an en dash: 7–10 dager, 09:00–17:00. */
const rangeHyphen = ({ text }: Text) => [...plain(text).matchAll(/\d-\d/g)].map((m) => `"${m[0]}" in: ${text}`)

/** The Free plan is "gratisplanen" in Norwegian running text (its badge and name stay "Free"). */
const englishTierInNorwegian = ({ text }: Text) => [...plain(text).matchAll(/\bFree-plan\p{L}*/gu)].map((m) => `"${m[0]}"`)

/** A price is never typed into a message: it comes in as {price} from priceText, with no-break spaces. */
const typedPrice = ({ text }: Text) => [...plain(text).matchAll(/\d[\d\s\u00a0.,]*\s?(?:kr|NOK)\b/g)].map((m) => `"${m[0]}" in: ${text}`)

/** "e-post" in Norwegian, "e-mail" in English. */
const mailSpelling = ({ lang, text }: Text) =>
  [...plain(text).matchAll(lang === 'nb' ? /(?<![\p{L}@.-])(?:e-?mail|epost)\p{L}*/giu : /(?<![\p{L}@.-])email\p{L}*/giu)].map((m) => `"${m[0]}"`)

async function catalogTexts(): Promise<Text[]> {
  const texts: Text[] = []
  for (const lang of ['nb', 'en'] as const) {
    for (const m of await readCatalog(lang)) {
      const id = m.message ?? m.id
      if (m.translation) texts.push({ lang, where: `${lang}/messages.po: ${m.context ? `[${m.context}] ` : ''}${id}`, id, text: m.translation })
    }
    for (const [place, text] of await readMailTexts(lang)) texts.push({ lang, where: `${lang}/emails.po: ${place}`, id: place, text })
  }
  return texts
}

const rules: [string, Lang[], (text: Text) => string[]][] = [
  ['no digits for one to twelve in running text', ['nb', 'en'], smallNumbersInDigits],
  ['frem, never fram', ['nb'], fram],
  ['no question opening with "Did not", "Cannot", "Can you not" …', ['en'], uncontractedQuestion],
  ['American spelling', ['en'], britishSpelling],
  ['the language’s quotation marks', ['nb', 'en'], quotationMarks],
  ['an en dash in ranges', ['nb', 'en'], rangeHyphen],
  ['"gratisplanen", not "Free-planen"', ['nb'], englishTierInNorwegian],
  ['"e-post" / "e-mail"', ['nb', 'en'], mailSpelling],
  ['prices only as {price}', ['nb', 'en'], typedPrice],
]

describe('the catalogs follow locales/STYLE.md', async () => {
  const texts = await catalogTexts()

  it('reads every message of both catalogs and both mail catalogs', () => {
    for (const lang of ['nb', 'en'] as const) {
      expect(texts.filter((t) => t.lang === lang && t.where.includes('/messages.po')).length).toBeGreaterThan(700)
      expect(texts.filter((t) => t.lang === lang && t.where.includes('/emails.po')).length).toBeGreaterThan(20)
    }
  })

  it.each(rules)('%s', (_, langs, rule) => {
    const problems = texts.filter((t) => langs.includes(t.lang)).flatMap((t) => rule(t).map((p) => `${t.where}\n    ${p}`))
    expect(problems).toEqual([])
  })
})

describe('each rule catches what it is for', () => {
  const nb = (text: string, id = text): Text => ({ lang: 'nb', where: 'example', id, text })
  const en = (text: string, id = text): Text => ({ lang: 'en', where: 'example', id, text })

  it('numbers: small ones in words, the exceptions kept', () => {
    expect(smallNumbersInDigits(nb('en intern sikkerhetsgjennomgang hver 6. måned'))).toHaveLength(1)
    expect(smallNumbersInDigits(nb('beløpene som er betalt de foregående 3 månedene, med mindre'))).toHaveLength(1)
    expect(smallNumbersInDigits(en('at least 7 days before the next billing cycle'))).toHaveLength(1)
    expect(smallNumbersInDigits(en('Up to 12 months.'))).toHaveLength(1)
    expect(smallNumbersInDigits(nb('Passordet må ha minst 6 tegn.'))).toHaveLength(1)
    for (const fine of [
      'Oppstart på 7–10 dager',
      'Mandag–fredag 09:00–17:00 CET',
      'Pro-planen koster 2 499 kr per måned',
      'Svar innen 24 timer, og 13 punkter',
      'artikkel 6 nr. 1 bokstav b, og se punkt 5',
      'Article 6(1)(f), section 12, Chapter V',
      'B2B, eu-central-1, AES-256 og (EU) 2016/679',
      'Sist oppdatert 1. mars 2026',
      'Steg {step} av {total}: {title}',
      'Ny hos Vekstlinje? <0>Book en demo</0> eller les <1>tjenesteoversikten</1>.',
    ]) {
      expect(smallNumbersInDigits(nb(fine)), fine).toEqual([])
    }
    expect(smallNumbersInDigits(nb('Minimum 6 tegn', 'Minimum 6 characters'))).toEqual([])
    expect(smallNumbersInDigits(en('10 messages per month'))).toEqual([])
  })

  it('fram', () => {
    expect(fram(nb('Fram til da kan dere gjenoppta abonnementet'))).toHaveLength(1)
    expect(fram(nb('i framtiden'))).toHaveLength(1)
    expect(fram(nb('Frem til da, i fremtiden, EU–US Data Privacy Framework'))).toEqual([])
  })

  it('uncontracted questions', () => {
    expect(uncontractedQuestion(en('Did not ask for this? Then ignore this e-mail.'))).toHaveLength(1)
    expect(uncontractedQuestion(en('Hi. Could not find your answer? Write to us.'))).toHaveLength(1)
    expect(uncontractedQuestion(en('Can you not open the link? Enter this code instead.'))).toHaveLength(1)
    expect(uncontractedQuestion(en('Cannot scan it? Type this key into the app instead:'))).toHaveLength(1)
    expect(uncontractedQuestion(en("Didn't ask for this? Do not access other people's data."))).toEqual([])
    expect(uncontractedQuestion(en("Can't scan it? This value cannot be used."))).toEqual([])
  })

  it('British spelling', () => {
    const text = 'Personalised outreach, organisation number, organisational measures, general authorisation, it summarises, cancelled, cancelling, Predictive modelling, data centre, towards, fulfil, recognise'
    expect(britishSpelling(en(text))).toHaveLength(12)
    expect(britishSpelling(en('Personalized, organization, canceled, cancellation, modeling, center, toward, fulfill, advertising, expertise, promise, otherwise, analyses'))).toEqual([])
  })

  it('quotation marks, ranges, tier names, e-mail', () => {
    expect(quotationMarks(en('with "Manage subscription" on your dashboard'))).toHaveLength(2)
    expect(quotationMarks(en('with “Manage subscription” on your dashboard'))).toEqual([])
    expect(quotationMarks(nb('med “Administrer abonnementet”'))).toHaveLength(2)
    expect(rangeHyphen(en('Onboarding in 7-10 days, Monday-Friday 09:00-17:00'))).toHaveLength(2)
    expect(rangeHyphen(en('Onboarding in 7–10 days, eu-central-1'))).toEqual([])
    expect(englishTierInNorwegian(nb('Du er på Free-planen.'))).toHaveLength(1)
    expect(englishTierInNorwegian(nb('Du er på gratisplanen. Merket viser Free.'))).toEqual([])
    expect(mailSpelling(nb('Support på email'))).toHaveLength(1)
    expect(mailSpelling(en('Write an email to support@vekstlinje.no'))).toHaveLength(1)
    expect(mailSpelling(en('Write an e-mail to {privacyEmail} or personvern@vekstlinje.no'))).toEqual([])
    expect(typedPrice(en('The Pro plan costs 2 499 NOK per month'))).toHaveLength(1)
    expect(typedPrice(nb('Pro-planen koster 2\u00a0499\u00a0kr per måned'))).toHaveLength(1)
    expect(typedPrice(nb('Pro-planen koster {price} per måned, fakturert i NOK'))).toEqual([])
  })
})
