// Which table columns a view's columns come from, read off the view's rewrite rule (pg_rewrite's
// node tree, as PostgREST reads it): a view then gets its table's primary key and takes part in
// its foreign keys, so `/view?select=table(*)` embeds as it does on hosted PostgREST.

type Node = { type: string; fields: Record<string, Value> }
type Value = Node | Value[] | string

/** Splits PostgreSQL's node text (`({QUERY :targetList (…)})`) into tokens; `\` escapes a character. */
function tokens(text: string): string[] {
  const out: string[] = []
  let i = 0
  while (i < text.length) {
    const ch = text[i]!
    if (/\s/.test(ch)) {
      i++
    } else if ('(){}'.includes(ch)) {
      out.push(ch)
      i++
    } else {
      let token = ''
      while (i < text.length && !/\s/.test(text[i]!) && !'(){}'.includes(text[i]!)) {
        if (text[i] === '\\' && i + 1 < text.length) i++
        token += text[i]
        i++
      }
      out.push(token)
    }
  }
  return out
}

function parseValue(list: string[], at: { i: number }): Value {
  const token = list[at.i++]!
  if (token === '{') {
    const node: Node = { type: list[at.i++]!, fields: {} }
    while (at.i < list.length && list[at.i] !== '}') {
      const key = list[at.i++]!
      const values: Value[] = []
      while (at.i < list.length && list[at.i] !== '}' && !list[at.i]!.startsWith(':')) values.push(parseValue(list, at))
      node.fields[key.slice(1)] = values[0] ?? ''
    }
    at.i++
    return node
  }
  if (token === '(') {
    const items: Value[] = []
    while (at.i < list.length && list[at.i] !== ')') items.push(parseValue(list, at))
    at.i++
    return items
  }
  return token
}

export type ViewColumnSource = { view: string; column: string; table: number; tableColumn: number }

/** The output columns of a view that are plain references to a table's column. */
export function viewColumnSources(definition: string): { column: string; table: number; tableColumn: number }[] {
  const parsed = parseValue(tokens(definition), { i: 0 })
  const query = (Array.isArray(parsed) ? parsed[0] : parsed) as Node | undefined
  const targets = query?.fields.targetList
  if (!Array.isArray(targets)) return []
  return targets
    .filter((t): t is Node => typeof t === 'object' && !Array.isArray(t) && t.type === 'TARGETENTRY')
    .filter((t) => t.fields.resjunk !== 'true' && t.fields.resorigtbl !== '0')
    .map((t) => ({
      column: String(t.fields.resname),
      table: Number(t.fields.resorigtbl),
      tableColumn: Number(t.fields.resorigcol),
    }))
}
