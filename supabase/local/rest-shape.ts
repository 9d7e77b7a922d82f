// The later stages of PostgREST's read plan: `*` expanded where aggregates need the columns,
// automatic aliases (JSON paths, aggregates in spreads), orders on embedded to-one resources,
// `embedded=is.null` filters, the embedded resources' select entries, aggregates hoisted out of
// to-one spreads, order inside to-many spreads, and the max_rows cap on every node.
import { RestError } from './rest-errors.ts'
import { type CLogic, type CSelect, type ReadPlan, type Range, resolveField, type SpreadField, SOURCE } from './rest-plan.ts'
import { isToOne, type SchemaCache } from './rest-schema.ts'

const walk = (root: ReadPlan, visit: (n: ReadPlan) => void) => {
  visit(root)
  for (const child of root.children) walk(child, visit)
}

/** `*` → the table's columns when the node or an ancestor aggregates, or in a to-many spread. */
export function expandStars(cache: SchemaCache, root: ReadPlan, schema: string) {
  const visit = (n: ReadPlan, inherited: boolean) => {
    const hasAgg = inherited || n.select.some((s) => s.aggregate) || n.relSpread?.kind === 'many'
    const table = n.from.name === SOURCE && n.fromAlias ? { schema, name: n.fromAlias } : n.from
    const spread = n.relSpread !== undefined
    const star = n.select.some((s) => s.field.name === '*' && (s.aggregate === undefined || (spread && s.aggregate === 'count')))
    if (star && hasAgg) {
      const columns = cache.tables.get(`${table.schema}.${table.name}`)?.columns ?? []
      n.select = n.select.flatMap((s): CSelect[] => {
        if (s.field.name === '*' && s.field.path.length === 0 && s.aggregate === undefined) {
          return columns.map((c) => ({ ...s, field: { ...resolveField(cache, table, { name: c.name, path: [] }), toJson: false } }))
        }
        if (spread && s.field.name === '*' && s.aggregate === 'count') return [{ ...s, field: { ...s.field, fullRow: true } }]
        return [s]
      })
    }
    for (const child of n.children) visit(child, hasAgg)
  }
  visit(root, false)
}

export function addAliases(root: ReadPlan) {
  walk(root, (n) => {
    n.select = n.select.map((s) => {
      if (s.alias !== undefined) return s
      if (s.aggregate) return n.relSpread ? { ...s, alias: s.aggregate } : s
      const last = s.field.path.at(-1)
      if (!last) return s
      const key = last.index ? ([...s.field.path].reverse().find((p) => !p.index)?.key ?? s.field.name) : last.key
      return { ...s, alias: key }
    })
  })
}

export function addRelatedOrders(root: ReadPlan) {
  walk(root, (n) => {
    n.order = n.order.map((o) => {
      if (o.kind !== 'relation') return o
      const target = n.children.find((c) => (c.relAlias ?? c.relName) === o.relation)
      if (!target) {
        throw new RestError(400, 'PGRST108', `'${o.relation}' is not an embedded resource in this request`, null, `Verify that '${o.relation}' is included in the 'select' query parameter.`)
      }
      if (!target.relToParent || !isToOne(target.relToParent)) {
        throw new RestError(400, 'PGRST118', `A related order on '${o.relation}' is not possible`, `'${n.from.name}' and '${o.relation}' do not form a many-to-one or one-to-one relationship`)
      }
      return { ...o, relation: target.relAggAlias }
    })
  })
}

export function addNullEmbedFilters(root: ReadPlan) {
  walk(root, (n) => {
    const rewrite = (tree: CLogic): CLogic => {
      if (tree.kind === 'expr') return { ...tree, children: tree.children.map(rewrite) }
      const f = tree.filter
      if (f.kind !== 'filter' || f.field.path.length > 0 || f.expr.operation.kind !== 'is' || f.expr.operation.value !== 'null') return tree
      const target = n.children.find((c) => (c.relAlias ?? c.relName) === f.field.name)
      return target ? { kind: 'stmt', filter: { kind: 'nullEmbed', negate: f.expr.negate, aggAlias: target.relAggAlias } } : tree
    }
    n.where = n.where.map(rewrite)
  })
}

function spreadFields(n: ReadPlan): SpreadField[] {
  return [
    ...n.select.map((s) => ({ name: s.alias ?? s.field.name })),
    ...n.relSelect.flatMap((r) => (r.kind === 'embed' ? [{ name: r.name }] : r.fields)),
  ]
}

export function addRelSelects(n: ReadPlan) {
  for (const child of n.children) addRelSelects(child)
  const onlyNull = (c: ReadPlan): boolean => c.select.length === 0 && c.children.every(onlyNull)
  n.relSelect = n.children.map((c) =>
    c.relSpread
      ? { kind: 'spread', fields: spreadFields(c), aggAlias: c.relAggAlias }
      : { kind: 'embed', mode: isToOne(c.relToParent!) ? 'object' : 'array', name: c.relAlias ?? c.relName, aggAlias: c.relAggAlias, empty: onlyNull(c) },
  )
}

export function validateAggregates(root: ReadPlan, allowed: boolean) {
  if (allowed) return
  walk(root, (n) => {
    if (n.select.some((s) => s.aggregate)) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
  })
}

type Hoisted = { aggAlias: string; name: string; aggregate: NonNullable<CSelect['aggregate']>; cast?: string; alias?: string }

/** Aggregates inside a to-one spread are computed one level up, where they make sense. */
export function hoistSpreadAggregates(n: ReadPlan): Hoisted[] {
  const fromChildren = n.children.flatMap(hoistSpreadAggregates)
  const toOneSpread = n.relSpread?.kind === 'one'
  let hoisted: Hoisted[] = []
  if (!(n.depth === 0 || (n.relToParent && !toOneSpread))) {
    n.select = n.select.map((s) => {
      if (!s.aggregate) return s
      hoisted.push({ aggAlias: n.relAggAlias, name: s.alias ?? s.field.name, aggregate: s.aggregate, ...(s.aggregateCast ? { cast: s.aggregateCast } : {}), ...(s.alias !== undefined ? { alias: s.alias } : {}) })
      const { aggregate: _a, aggregateCast: _c, ...rest } = s
      return rest
    })
  }
  if (toOneSpread) hoisted = [...hoisted, ...fromChildren.map((h) => ({ ...h, aggAlias: n.relAggAlias }))]
  if (n.children.length > 0 && !toOneSpread) {
    n.relSelect = n.relSelect.map((r) => {
      if (r.kind !== 'spread') return r
      return {
        ...r,
        fields: r.fields.map((f) => {
          const h = fromChildren.find((x) => x.aggAlias === r.aggAlias && x.name === f.name)
          return h ? { ...f, aggregate: h.aggregate, ...(h.cast ? { aggregateCast: h.cast } : {}), ...(h.alias !== undefined ? { alias: h.alias } : {}) } : f
        }),
      }
    })
  }
  return hoisted
}

/** In a to-many spread the order moves into the aggregation, over extra selected columns. */
export function addToManyOrderSelects(n: ReadPlan) {
  if (n.relSpread?.kind === 'many') {
    const aggregated = n.select.some((s) => s.aggregate) || n.relSelect.some((r) => r.kind === 'spread' && r.fields.some((f) => f.aggregate))
    if (aggregated) throw new RestError(400, 'PGRST127', 'Feature not implemented', 'Aggregates are not implemented for one-to-many or many-to-many spreads.')
    const extra: { relation?: string; select: CSelect }[] = []
    const order = n.order.map((o, i) => {
      const name = o.kind === 'field' ? o.field.name : o.field.name
      const alias = `${n.relAggAlias}_${name}_${i + 1}`
      const field = o.kind === 'field' ? o.field : { name: o.field.name, path: o.field.path, toJson: false, irType: '' }
      extra.push({ ...(o.kind === 'relation' ? { relation: o.relation } : {}), select: { field, alias } })
      return { kind: 'field' as const, field: { name: alias, path: [], toJson: false, irType: '' }, ...(o.direction ? { direction: o.direction } : {}), ...(o.nulls ? { nulls: o.nulls } : {}) }
    })
    n.relSpread = { kind: 'many', extra, order }
    n.order = []
  }
  for (const child of n.children) addToManyOrderSelects(child)
}

/** max_rows caps every node of a read (not a write's own rows), keeping `limit=0`. */
export function restrictRanges(root: ReadPlan, maxRows: number | null) {
  if (maxRows === null) return
  walk(root, (n) => {
    n.range = restrict(n.range, maxRows)
  })
}

export function restrict(range: Range, maxRows: number): Range {
  if (range.limit === 0) return range
  return { offset: range.offset, limit: range.limit === null ? maxRows : Math.min(range.limit, maxRows) }
}
