// The subset of Go's html/template that the auth e-mail templates (supabase/templates/) use, so
// that the local stack renders the very files hosted Supabase's auth server renders:
//   {{ .Field }} and {{ .Data.key }}   values, HTML-escaped as html/template escapes text
//   {{ if P }} … {{ else if P }} … {{ else }} … {{ end }}
//   P: a value, a "string" literal, (eq A B…), (ne A B), (not A), (and A B…), (or A B…)
//   {{/* comments */}} and the trim markers {{- and -}}
// Anything else is refused with an error, so a template cannot drift outside what this renders
// the same way as Go (tests render every template through it).

type Value = unknown
type Expr =
  | { kind: 'field'; path: string[] }
  | { kind: 'string'; value: string }
  | { kind: 'call'; fn: 'eq' | 'ne' | 'not' | 'and' | 'or'; args: Expr[] }
type Node =
  | { kind: 'text'; text: string }
  | { kind: 'print'; expr: Expr }
  | { kind: 'if'; branches: Array<{ cond: Expr; body: Node[] }>; otherwise: Node[] }

export class TemplateError extends Error {}

type Token = { kind: 'text'; text: string } | { kind: 'action'; source: string }

function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  let rest = source
  let trimNextText = false
  while (rest.length > 0) {
    const open = rest.indexOf('{{')
    let text = open === -1 ? rest : rest.slice(0, open)
    if (trimNextText) text = text.replace(/^\s+/, '')
    trimNextText = false
    if (open === -1) {
      if (text) tokens.push({ kind: 'text', text })
      break
    }
    const close = rest.indexOf('}}', open + 2)
    if (close === -1) throw new TemplateError('unclosed action')
    let inner = rest.slice(open + 2, close)
    if (/^- /.test(inner) || inner === '-') {
      text = text.replace(/\s+$/, '')
      inner = inner.slice(1)
    }
    if (/ -$/.test(inner)) {
      trimNextText = true
      inner = inner.slice(0, -1)
    }
    if (text) tokens.push({ kind: 'text', text })
    const trimmed = inner.trim()
    if (!(trimmed.startsWith('/*') && trimmed.endsWith('*/'))) tokens.push({ kind: 'action', source: trimmed })
    rest = rest.slice(close + 2)
  }
  return tokens
}

/** Splits an action into words: fields, "strings" and parenthesised groups. */
function words(source: string): string[] {
  const out: string[] = []
  let i = 0
  while (i < source.length) {
    const c = source[i]!
    if (/\s/.test(c)) {
      i += 1
    } else if (c === '"') {
      let j = i + 1
      while (j < source.length && source[j] !== '"') j += source[j] === '\\' ? 2 : 1
      if (j >= source.length) throw new TemplateError(`unterminated string in {{ ${source} }}`)
      out.push(source.slice(i, j + 1))
      i = j + 1
    } else if (c === '(') {
      let depth = 0
      let j = i
      for (; j < source.length; j += 1) {
        if (source[j] === '(') depth += 1
        if (source[j] === ')' && --depth === 0) break
      }
      if (depth !== 0) throw new TemplateError(`unbalanced parentheses in {{ ${source} }}`)
      out.push(source.slice(i, j + 1))
      i = j + 1
    } else {
      let j = i
      while (j < source.length && !/[\s()"]/.test(source[j]!)) j += 1
      out.push(source.slice(i, j))
      i = j
    }
  }
  return out
}

const FUNCTIONS = new Set(['eq', 'ne', 'not', 'and', 'or'])

function parseOperand(word: string): Expr {
  if (word.startsWith('(')) return parseExpr(word.slice(1, -1))
  if (word.startsWith('"')) return { kind: 'string', value: JSON.parse(word) as string }
  if (/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(word)) return { kind: 'field', path: word.slice(1).split('.') }
  throw new TemplateError(`unsupported operand "${word}"`)
}

function parseExpr(source: string): Expr {
  const [head, ...args] = words(source)
  if (head === undefined) throw new TemplateError('empty expression')
  if (FUNCTIONS.has(head)) {
    const fn = head as 'eq' | 'ne' | 'not' | 'and' | 'or'
    const arity = fn === 'not' ? 1 : fn === 'ne' ? 2 : undefined
    if (args.length < (arity ?? 2) || (arity !== undefined && args.length !== arity)) {
      throw new TemplateError(`wrong number of arguments for ${fn}`)
    }
    return { kind: 'call', fn, args: args.map(parseOperand) }
  }
  if (args.length > 0) throw new TemplateError(`unsupported function or pipeline "${source}"`)
  return parseOperand(head)
}

/** Parses a template into nodes; throws TemplateError for anything outside the subset. */
export function parseTemplate(source: string): Node[] {
  const tokens = tokenize(source)
  let at = 0

  function block(closers: RegExp): { nodes: Node[]; closer: string | null } {
    const nodes: Node[] = []
    while (at < tokens.length) {
      const token = tokens[at]!
      at += 1
      if (token.kind === 'text') {
        nodes.push(token)
        continue
      }
      const action = token.source
      if (closers.test(action)) return { nodes, closer: action }
      if (/^if\s/.test(action)) {
        const branches: Array<{ cond: Expr; body: Node[] }> = []
        let cond = parseExpr(action.slice(3))
        let otherwise: Node[] = []
        for (;;) {
          const { nodes: body, closer } = block(/^(else|end)\b/)
          branches.push({ cond, body })
          if (closer === null) throw new TemplateError('{{ if }} without {{ end }}')
          if (closer === 'end') break
          if (/^else\s+if\s/.test(closer)) {
            cond = parseExpr(closer.replace(/^else\s+if\s/, ''))
            continue
          }
          if (closer !== 'else') throw new TemplateError(`unsupported {{ ${closer} }}`)
          const last = block(/^end$/)
          if (last.closer === null) throw new TemplateError('{{ if }} without {{ end }}')
          otherwise = last.nodes
          break
        }
        nodes.push({ kind: 'if', branches, otherwise })
        continue
      }
      if (/^(else|end)\b/.test(action)) throw new TemplateError(`unexpected {{ ${action} }}`)
      if (/^(range|with|define|template|block)\b/.test(action)) throw new TemplateError(`unsupported {{ ${action} }}`)
      nodes.push({ kind: 'print', expr: parseExpr(action) })
    }
    return { nodes, closer: null }
  }

  const { nodes, closer } = block(/^$a/)
  if (closer !== null) throw new TemplateError(`unexpected {{ ${closer} }}`)
  return nodes
}

function lookup(data: Value, path: string[]): Value {
  let value = data
  for (const key of path) {
    if (value === null || value === undefined) return undefined
    if (typeof value !== 'object') throw new TemplateError(`can't evaluate field ${key} in a ${typeof value}`)
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/** Go's truth: false, 0, nil and empty strings, slices and maps are false. */
function truthy(value: Value): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'object') return Object.keys(value).length > 0
  return true
}

function evaluate(expr: Expr, data: Value): Value {
  if (expr.kind === 'string') return expr.value
  if (expr.kind === 'field') return lookup(data, expr.path)
  const args = expr.args.map((arg) => evaluate(arg, data))
  switch (expr.fn) {
    case 'eq': {
      // Go compares a missing value with anything as false; two values of different kinds are an error.
      const [first, ...rest] = args
      return rest.some((other) => {
        if (first === undefined || first === null || other === undefined || other === null) return false
        if (typeof first !== typeof other) throw new TemplateError('incompatible types for comparison')
        return first === other
      })
    }
    case 'ne':
      return !evaluate({ kind: 'call', fn: 'eq', args: expr.args }, data)
    case 'not':
      return !truthy(args[0])
    case 'and':
      return args.find((arg) => !truthy(arg)) ?? args[args.length - 1]
    case 'or':
      return args.find((arg) => truthy(arg)) ?? args[args.length - 1]
  }
}

/** As html/template escapes a value printed in HTML text (and in a quoted attribute). */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&#34;')
    .replace(/'/g, '&#39;')
    .replace(/\0/g, '\uFFFD')
}

function print(value: Value): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') throw new TemplateError('printing maps or lists is not supported')
  return escapeHtml(String(value))
}

function run(nodes: Node[], data: Value): string {
  let out = ''
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text
    else if (node.kind === 'print') out += print(evaluate(node.expr, data))
    else {
      const branch = node.branches.find((b) => truthy(evaluate(b.cond, data)))
      out += run(branch ? branch.body : node.otherwise, data)
    }
  }
  return out
}

/** Renders a template (parsed or source) with data, as GoTrue's mailer would. */
export function renderTemplate(template: string | Node[], data: Record<string, unknown>): string {
  return run(typeof template === 'string' ? parseTemplate(template) : template, data)
}
