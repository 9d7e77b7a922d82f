// PostgREST's query-string grammar (its ApiRequest/QueryParams module): `select=` trees with
// embedded resources, spreads, casts, JSON paths and aggregates; filters `col=[not.]op.value` with
// an embedding path; `or=`/`and=` logic trees; `order=`; `columns=` and `on_conflict=`.
// A recursive-descent reader over the text, failing with PostgREST's PGRST100 message.
import { RestError } from './rest-errors.ts'

export type JsonOp = { arrow: '->' | '->>'; key: string; index: boolean }
export type Field = { name: string; path: JsonOp[] }
export type Aggregate = 'sum' | 'avg' | 'count' | 'max' | 'min'
export type JoinType = 'inner' | 'left'

export type SelectItem =
  | { kind: 'field'; field: Field; alias?: string; cast?: string; aggregate?: Aggregate; aggregateCast?: string }
  | { kind: 'relation'; name: string; alias?: string; hint?: string; joinType?: JoinType; children: SelectItem[] }
  | { kind: 'spread'; name: string; hint?: string; joinType?: JoinType; children: SelectItem[] }

export const SIMPLE_OPERATORS = { neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' }
export const QUANT_OPERATORS = { eq: '=', gte: '>=', gt: '>', lte: '<=', lt: '<', like: 'like', ilike: 'ilike', match: '~', imatch: '~*' }
export const FTS_OPERATORS = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown'

export type Operation =
  | { kind: 'simple'; operator: keyof typeof SIMPLE_OPERATORS; value: string }
  | { kind: 'quant'; operator: keyof typeof QUANT_OPERATORS; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; operator: keyof typeof FTS_OPERATORS; language?: string; value: string }

export type OpExpr = { negate: boolean; operation: Operation }
export type Filter = { field: Field; expr: OpExpr }
export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'logic'; negate: boolean; operator: 'and' | 'or'; children: LogicTree[] }
export type OrderTerm = { field: Field; relation?: string; direction?: 'asc' | 'desc'; nulls?: 'first' | 'last' }

class ParseFailure extends Error {
  constructor(
    readonly column: number,
    readonly detail: string,
  ) {
    super(detail)
  }
}

/** A cursor over one parameter's text, with Parsec-like helpers. */
class Reader {
  pos = 0
  constructor(readonly text: string) {}
  get done() {
    return this.pos >= this.text.length
  }
  peek(offset = 0) {
    return this.text[this.pos + offset] ?? ''
  }
  at(s: string) {
    return this.text.startsWith(s, this.pos)
  }
  eat(s: string) {
    if (!this.at(s)) return false
    this.pos += s.length
    return true
  }
  expect(s: string, what = `"${s}"`) {
    if (!this.eat(s)) this.fail(what)
  }
  spaces() {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++
  }
  fail(expecting: string): never {
    const unexpected = this.done ? 'end of input' : `"${this.peek()}"`
    throw new ParseFailure(this.pos + 1, `unexpected ${unexpected} expecting ${expecting}`)
  }
  /** Runs `parse`, restoring the position when it fails (Parsec's `try`). */
  attempt<T>(parse: () => T): T | undefined {
    const start = this.pos
    try {
      return parse()
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error
      this.pos = start
      return undefined
    }
  }
}

const IDENTIFIER = /[\p{L}\p{N}_$ ]/u

function quoted(r: Reader): string | undefined {
  if (r.peek() !== '"') return undefined
  r.pos++
  let out = ''
  while (!r.done && r.peek() !== '"') {
    if (r.peek() === '\\') r.pos++
    out += r.peek()
    r.pos++
  }
  r.expect('"')
  return out
}

/** Identifier parts joined by dashes that do not start an arrow (`->`). */
function dashed(r: Reader, char: (c: string) => boolean, what: string): string {
  const parts: string[] = []
  for (;;) {
    const start = r.pos
    while (!r.done && char(r.peek())) r.pos++
    if (r.pos === start) r.fail(what)
    parts.push(r.text.slice(start, r.pos).trim())
    if (r.peek() === '-' && r.peek(1) !== '>' && char(r.peek(1))) r.pos++
    else return parts.join('-')
  }
}

export function fieldName(r: Reader): string {
  return quoted(r) ?? dashed(r, (c) => IDENTIFIER.test(c), 'field name (* or [a..z0..9_$])')
}

function identifier(r: Reader): string {
  const start = r.pos
  while (!r.done && IDENTIFIER.test(r.peek())) r.pos++
  if (r.pos === start) r.fail('letter or digit')
  return r.text.slice(start, r.pos).trim()
}

function jsonPath(r: Reader): JsonOp[] {
  const path: JsonOp[] = []
  for (;;) {
    const arrow = r.eat('->>') ? '->>' : r.eat('->') ? '->' : null
    if (!arrow) return path
    const index = /^(-?\d+)(?=->|::|\.|,|$)/.exec(r.text.slice(r.pos))
    if (index) {
      r.pos += index[1]!.length
      path.push({ arrow, key: index[1]!.startsWith('-') ? index[1]! : `+${index[1]}`, index: true })
      continue
    }
    const key = quoted(r) ?? dashed(r, (c) => !'(-:.,>)'.includes(c), 'any non reserved character different from: .,>()')
    path.push({ arrow, key, index: false })
  }
}

export function field(r: Reader): Field {
  r.spaces()
  const name = fieldName(r)
  const path = jsonPath(r)
  r.spaces()
  return { name, path }
}

function alias(r: Reader): string | undefined {
  return r.attempt(() => {
    const name = fieldName(r)
    if (r.peek() !== ':' || r.peek(1) === ':') r.fail('":"')
    r.pos++
    return name
  })
}

function embedParams(r: Reader): { hint?: string; joinType?: JoinType } {
  const out: { hint?: string; joinType?: JoinType } = {}
  for (let i = 0; i < 2 && r.peek() === '!'; i++) {
    r.pos++
    if (r.attempt(() => (r.eat('left') && r.peek() !== '_' ? true : r.fail('left')))) out.joinType ??= 'left'
    else if (r.attempt(() => (r.eat('inner') ? true : r.fail('inner')))) out.joinType ??= 'inner'
    else out.hint ??= fieldName(r)
  }
  return out
}

const AGGREGATES: Aggregate[] = ['sum', 'avg', 'count', 'max', 'min']

function atItemEnd(r: Reader) {
  return r.done || r.peek() === ')' || r.peek() === ','
}

function selectItem(r: Reader): SelectItem {
  r.spaces()
  const spread = r.attempt(() => {
    r.expect('...')
    const name = fieldName(r)
    const params = embedParams(r)
    if (r.peek() !== '(') r.fail('"("')
    return { kind: 'spread' as const, name, ...params, children: [] as SelectItem[] }
  })
  const relation =
    spread ??
    r.attempt(() => {
      const as = alias(r)
      const name = fieldName(r)
      if (name === 'count') r.fail('"("')
      const params = embedParams(r)
      if (r.peek() !== '(') r.fail('"("')
      return { kind: 'relation' as const, name, ...(as === undefined ? {} : { alias: as }), ...params, children: [] as SelectItem[] }
    })
  if (relation) {
    r.expect('(')
    relation.children = selectForest(r)
    r.expect(')')
    r.spaces()
    return relation
  }
  if (r.eat('*')) {
    r.spaces()
    if (!atItemEnd(r)) r.fail('")", "," or end of input')
    return { kind: 'field', field: { name: '*', path: [] } }
  }
  const as = alias(r)
  if (r.eat('count()')) {
    const aggregateCast = r.eat('::') ? identifier(r) : undefined
    r.spaces()
    if (!atItemEnd(r)) r.fail('")", "," or end of input')
    return { kind: 'field', field: { name: '*', path: [] }, aggregate: 'count', ...(as ? { alias: as } : {}), ...(aggregateCast ? { aggregateCast } : {}) }
  }
  const item: SelectItem & { kind: 'field' } = { kind: 'field', field: field(r) }
  if (as !== undefined) item.alias = as
  if (r.eat('::')) item.cast = identifier(r)
  const aggregate = r.attempt(() => {
    r.expect('.')
    const name = AGGREGATES.find((a) => r.eat(a)) ?? r.fail('aggregate')
    r.expect('()')
    return name
  })
  if (aggregate) {
    item.aggregate = aggregate
    if (r.eat('::')) item.aggregateCast = identifier(r)
  }
  r.spaces()
  if (!atItemEnd(r)) r.fail('letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input')
  return item
}

function selectForest(r: Reader): SelectItem[] {
  r.spaces()
  if (r.done || r.peek() === ')') return []
  const items = [selectItem(r)]
  while (r.eat(',')) items.push(selectItem(r))
  return items
}

function listValue(r: Reader): string[] {
  r.spaces()
  r.expect('(')
  const values: string[] = []
  do {
    const item =
      r.attempt(() => {
        const value = quoted(r)
        if (value === undefined || (r.peek() !== ',' && r.peek() !== ')')) r.fail('"," or ")"')
        return value
      }) ?? readUntil(r, ',)')
    values.push(item)
  } while (r.eat(','))
  r.expect(')')
  r.spaces()
  return values
}

function readUntil(r: Reader, stops: string): string {
  const start = r.pos
  while (!r.done && !stops.includes(r.peek())) r.pos++
  return r.text.slice(start, r.pos)
}

const IS_VALUES: IsValue[] = ['null', 'not_null', 'true', 'false', 'unknown']

/** `[not.]op.value`; `single` reads the value (the rest of the text, or a logic-tree value). */
function opExpr(r: Reader, single: (r: Reader) => string): OpExpr {
  const negate = r.attempt(() => (r.eat('not.') ? true : r.fail('"not"'))) ?? false
  const word = /^[a-z]+/.exec(r.text.slice(r.pos))?.[0] ?? ''
  const operator = (name: string) => r.attempt(() => (r.eat(name) ? name : r.fail('operator (eq, gt, ...)')))
  if (word === 'in' && r.text[r.pos + 2] === '.') {
    r.pos += 3
    return { negate, operation: { kind: 'in', values: listValue(r) } }
  }
  if (word === 'is' && r.text[r.pos + 2] === '.') {
    r.pos += 3
    const rest = r.text.slice(r.pos).toLowerCase()
    const value = IS_VALUES.find((v) => rest.startsWith(v))
    if (!value) r.fail('isVal: (null, not_null, true, false, unknown)')
    r.pos += value.length
    return { negate, operation: { kind: 'is', value } }
  }
  if (word === 'isdistinct' && r.text[r.pos + 10] === '.') {
    r.pos += 11
    return { negate, operation: { kind: 'isdistinct', value: single(r) } }
  }
  if (word in FTS_OPERATORS && operator(word)) {
    const language = r.eat('(') ? identifier(r) : undefined
    if (language !== undefined) r.expect(')')
    r.expect('.', 'delimiter (.)')
    const value = single(r)
    return { negate, operation: { kind: 'fts', operator: word as keyof typeof FTS_OPERATORS, ...(language ? { language } : {}), value } }
  }
  if (word in SIMPLE_OPERATORS && r.text[r.pos + word.length] === '.') {
    r.pos += word.length + 1
    return { negate, operation: { kind: 'simple', operator: word as keyof typeof SIMPLE_OPERATORS, value: single(r) } }
  }
  if (word in QUANT_OPERATORS) {
    r.pos += word.length
    const quantifier = r.eat('(any)') ? 'any' : r.eat('(all)') ? 'all' : undefined
    r.expect('.', 'delimiter (.)')
    const op = word as keyof typeof QUANT_OPERATORS
    return { negate, operation: { kind: 'quant', operator: op, ...(quantifier ? { quantifier } : {}), value: single(r) } }
  }
  r.fail('operator (eq, gt, ...)')
}

const restOfText = (r: Reader) => {
  const value = r.text.slice(r.pos)
  r.pos = r.text.length
  return value
}

/** A value inside `or=(…)`: quoted, a `{…}` array literal, or up to the next `,` or `)`. */
function logicValue(r: Reader): string {
  const value = r.attempt(() => {
    const v = quoted(r)
    if (v === undefined || (!r.done && r.peek() !== ',' && r.peek() !== ')')) r.fail('"," or ")"')
    return v
  })
  if (value !== undefined) return value
  if (r.peek() === '{') {
    const literal = /^\{[^{}]*\}/.exec(r.text.slice(r.pos))
    if (literal) {
      r.pos += literal[0].length
      return literal[0]
    }
  }
  return readUntil(r, ',)')
}

function logicTree(r: Reader): LogicTree {
  const filter = r.attempt(() => {
    const f = field(r)
    r.expect('.', 'delimiter (.)')
    return { field: f, expr: opExpr(r, logicValue) }
  })
  if (filter) return { kind: 'filter', filter }
  const negate = r.eat('not.')
  const operator = r.eat('and') ? 'and' : r.eat('or') ? 'or' : r.fail('logic operator (and, or)')
  r.spaces()
  r.expect('(')
  const children: LogicTree[] = []
  do {
    r.spaces()
    children.push(logicTree(r))
    r.spaces()
  } while (r.eat(','))
  r.expect(')')
  r.spaces()
  return { kind: 'logic', negate, operator, children }
}

function orderTerms(r: Reader): OrderTerm[] {
  const terms: OrderTerm[] = []
  do {
    r.spaces()
    const relation = r.attempt(() => {
      const name = fieldName(r)
      r.expect('(')
      const f = field(r)
      r.expect(')')
      return { relation: name, field: f }
    })
    const term: OrderTerm = relation ?? { field: field(r) }
    if (r.attempt(() => (r.eat('.asc') ? true : r.fail('"asc"')))) term.direction = 'asc'
    else if (r.attempt(() => (r.eat('.desc') ? true : r.fail('"desc"')))) term.direction = 'desc'
    if (r.attempt(() => (r.eat('.nullsfirst') ? true : r.fail('"nullsfirst"')))) term.nulls = 'first'
    else if (r.attempt(() => (r.eat('.nullslast') ? true : r.fail('"nullslast"')))) term.nulls = 'last'
    r.spaces()
    if (!r.done && r.peek() !== ',') r.fail('"asc", "desc", "nullsfirst" or "nullslast"')
    terms.push(term)
  } while (r.eat(','))
  return terms
}

/** Runs one parser over a parameter. As PostgREST's `P.parse`, text after what the grammar
 * reads is not an error (`in.(a);x` filters on `in.(a)`); each grammar checks its own ends. */
function run<T>(what: string, text: string, parse: (r: Reader) => T): T {
  const r = new Reader(text)
  try {
    return parse(r)
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error
    throw new RestError(400, 'PGRST100', `"failed to parse ${what} (${text})" (line 1, column ${error.column})`, error.detail)
  }
}

export const parseSelect = (text: string) => run('select parameter', text, selectForest)
export const parseOrder = (text: string) => run('order', text, orderTerms)
export const parseColumns = (what: string, text: string) =>
  run(`${what} parameter`, text, (r) => {
    const names = [fieldName(r)]
    for (r.spaces(); r.eat(','); r.spaces()) {
      r.spaces()
      names.push(fieldName(r))
    }
    return names
  })

/** The key of a filter or order: an embedding path, then the column (`messages.channel_id`). */
export function parseTreePath(text: string): { path: string[]; field: Field } {
  return run('tree path', text, (r) => {
    const names = [fieldName(r)]
    while (r.eat('.')) names.push(fieldName(r))
    return { path: names.slice(0, -1), field: { name: names.at(-1)!, path: jsonPath(r) } }
  })
}

/** A filter's value; `null` when it has no operator and `bare` allows that (function arguments on GET). */
export function parseOpExpr(text: string, bare = false): OpExpr | null {
  if (bare) {
    try {
      return run('filter', text, (r) => opExpr(r, restOfText))
    } catch {
      return null
    }
  }
  return run('filter', text, (r) => opExpr(r, restOfText))
}

/** `or=(…)`, `not.and=(…)`: the key's last word gives the operator. */
export function parseLogic(key: string, value: string): { path: string[]; tree: LogicTree } {
  const parts = key.split('.')
  const op = parts.at(-1)!
  const negate = parts.includes('not')
  const path = parts.slice(0, -1).filter((p) => p !== 'not')
  const tree = run('logic tree', value, (r) => {
    const shaped = new Reader(`${negate ? 'not.' : ''}${op}${value}`)
    const parsed = logicTree(shaped)
    r.pos = r.text.length
    return parsed
  })
  return { path, tree }
}
