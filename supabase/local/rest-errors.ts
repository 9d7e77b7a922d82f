// PostgREST's error answers: its own PGRSTxxx codes, and PostgreSQL's SQLSTATEs mapped to HTTP
// statuses as its Error module maps them. The "Perhaps you meant …" hints use the same fuzzy
// matching PostgREST uses (n-gram cosine similarity, then Levenshtein), so they name the same table.

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  get body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message }
  }
}

export type PgError = Error & { code?: string; detail?: string; hint?: string }

/** The HTTP status PostgREST answers for a PostgreSQL error (Error.hs `pgErrorStatus`). */
export function pgErrorStatus(code: string, message: string, authenticated: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '42883': message.startsWith('function xmlagg(') ? 406 : 404,
    '42P01': 404,
    '42P17': 500,
    '42501': authenticated ? 403 : 401,
    '53400': 500,
    '57P01': 503,
    P0001: 400,
  }
  if (code in exact) return exact[code]!
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  const prefixes: [string, number][] = [
    ['08', 503],
    ['09', 500],
    ['0L', 403],
    ['0P', 403],
    ['25', 500],
    ['28', 403],
    ['2D', 500],
    ['38', 500],
    ['39', 500],
    ['3B', 500],
    ['40', 500],
    ['53', 503],
    ['54', 500],
    ['55', 500],
    ['57', 500],
    ['58', 500],
    ['F0', 500],
    ['HV', 500],
    ['P0', 500],
    ['XX', 500],
  ]
  return prefixes.find(([prefix]) => code.startsWith(prefix))?.[1] ?? 400
}

/** A PostgreSQL error as PostgREST reports it, including `RAISE SQLSTATE 'PGRST'` errors. */
export function fromPgError(error: PgError, role: string): RestError {
  const code = error.code ?? 'XX000'
  if (code === 'PGRST') {
    try {
      const body = JSON.parse(error.message) as Record<string, string>
      const detail = JSON.parse(error.detail ?? '') as { status: number; headers?: Record<string, string> }
      return new RestError(detail.status, body.code ?? null, body.message ?? '', body.details ?? null, body.hint ?? null, detail.headers ?? {})
    } catch {
      return new RestError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error')
    }
  }
  const status = pgErrorStatus(code, error.message, role !== 'anon')
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}
  return new RestError(status, code, error.message, error.detail ?? null, error.hint ?? null, headers)
}

function grams(value: string, size: number): Map<string, number> {
  const simplified = `-${value.toLowerCase().replace(/[^a-z0-9\u00C0-\u00FF, ]+/g, '')}-`
  const padded = simplified.padEnd(size, '-')
  const counts = new Map<string, number>()
  for (let i = 0; i <= padded.length - size; i++) {
    const gram = padded.slice(i, i + size)
    counts.set(gram, (counts.get(gram) ?? 0) + 1)
  }
  return counts
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0
  for (const [gram, n] of a) dot += n * (b.get(gram) ?? 0)
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, n) => s + n * n, 0))
  return dot / (norm(a) * norm(b) || 1)
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]!
}

/** The closest candidate scoring at least `minScore` (the fuzzyset algorithm PostgREST uses). */
export function closest(candidates: string[], target: string, minScore = 0.33): string | undefined {
  for (const size of [3, 2]) {
    const wanted = grams(target, size)
    const scored = candidates
      .map((c) => ({ c, score: cosine(wanted, grams(c, size)) }))
      .filter((s) => s.score >= minScore)
      .sort((x, y) => y.score - x.score)
      .slice(0, 50)
      .map(({ c }) => {
        const a = c.toLowerCase()
        const b = target.toLowerCase()
        return { c, score: 1 - levenshtein(a, b) / Math.max(a.length, b.length) }
      })
      .filter((s) => s.score >= minScore)
      .sort((x, y) => y.score - x.score)
    if (scored.length > 0) return scored[0]!.c
  }
  return undefined
}
