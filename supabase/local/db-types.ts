// npm run db:types — the row types of the exposed schema (public), generated from the migrations:
// they are applied to PGlite (the stack's own migration runner, from its cached template) and the
// tables, views and columns are read from information_schema. Written to
// supabase/functions/_shared/database.types.ts, in the shape and names of `supabase gen types`
// (Database, Tables<'name'>, TablesInsert, TablesUpdate), so that the functions and the app read
// rows typed from the schema itself. The file names what it was made from (the database's template
// key: PGlite's version, the stack's bootstrap and the migrations; and this generator) and the hash
// of its text, so that tests/backend/db-types.test.ts can tell at once, with no database, that it
// is stale or was edited by hand.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { openDatabase, templateKey } from './db.ts'

export const ROW_TYPES_FILE = fileURLToPath(new URL('../functions/_shared/database.types.ts', import.meta.url))
const TEMPLATE_CACHE_DIR = fileURLToPath(new URL('../../.local/cache/', import.meta.url))

type Column = {
  table_name: string
  table_type: 'BASE TABLE' | 'VIEW'
  column_name: string
  data_type: string
  udt_name: string
  is_nullable: 'YES' | 'NO'
  column_default: string | null
  identity_generation: 'ALWAYS' | 'BY DEFAULT' | null
  is_generated: 'ALWAYS' | 'NEVER'
}

const STRINGS = new Set([
  'text', 'varchar', 'bpchar', 'citext', 'name', 'uuid', 'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval',
  'inet', 'cidr', 'macaddr', 'bytea', 'tsvector', 'tsquery', 'int4range', 'int8range', 'numrange', 'tsrange', 'tstzrange', 'daterange',
])
const NUMBERS = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid'])

/** A column's type as PostgREST's JSON carries it (as `supabase gen types` maps it). */
function tsType(udt: string, enums: Map<string, string[]>): string {
  if (udt.startsWith('_')) {
    const element = tsType(udt.slice(1), enums)
    return element.includes('|') ? `(${element})[]` : `${element}[]`
  }
  if (udt === 'bool') return 'boolean'
  if (NUMBERS.has(udt)) return 'number'
  if (udt === 'json' || udt === 'jsonb') return 'Json'
  if (STRINGS.has(udt)) return 'string'
  const labels = enums.get(udt)
  if (labels) return labels.map((label) => JSON.stringify(label)).join(' | ')
  return 'unknown'
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16)

/** What the module is made from now: the migrated database's template key and this generator. */
export function rowTypesInputs(): string {
  return sha(templateKey() + readFileSync(fileURLToPath(import.meta.url), 'utf8'))
}

const STAMP = /^\/\/ Made from inputs ([0-9a-f]{16}); text ([0-9a-f]{16})\.\n/

/** The module as written: the inputs it names, and whether its text is the one it was made with. */
export function stampOf(module: string): { inputs: string; intact: boolean } | null {
  const match = STAMP.exec(module)
  return match ? { inputs: match[1]!, intact: sha(module.slice(match[0].length)) === match[2] } : null
}

/** The module's text for the database as it stands (made from `inputs`). */
export async function rowTypesModule(db: PGlite, inputs = rowTypesInputs()): Promise<string> {
  const { rows: columns } = await db.query<Column>(
    `select c.table_name, t.table_type, c.column_name, c.data_type, c.udt_name, c.is_nullable, c.column_default,
            c.identity_generation, c.is_generated
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public'
      order by c.table_name, c.column_name`,
  )
  const { rows: enumRows } = await db.query<{ name: string; labels: string[] }>(
    `select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as labels
       from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' group by t.typname`,
  )
  const enums = new Map(enumRows.map((row) => [row.name, row.labels]))
  const relations = new Map<string, Column[]>()
  for (const column of columns) relations.set(column.table_name, [...(relations.get(column.table_name) ?? []), column])

  const field = (column: Column, optional: boolean) => {
    const type = tsType(column.udt_name, enums) + (column.is_nullable === 'YES' ? ' | null' : '')
    return `          ${column.column_name}${optional ? '?' : ''}: ${type}`
  }
  const written = (column: Column) => column.is_generated === 'ALWAYS' || column.identity_generation === 'ALWAYS'
  const never = (column: Column) => `          ${column.column_name}?: never`
  const block = (name: string, lines: string[]) => [`        ${name}: {`, ...lines, '        }']
  const relation = (name: string, cols: Column[], writable: boolean) => [
    `      ${name}: {`,
    ...block('Row', cols.map((c) => field(c, false))),
    ...(writable
      ? [
          ...block('Insert', cols.map((c) => (written(c) ? never(c) : field(c, c.is_nullable === 'YES' || c.column_default !== null || c.identity_generation !== null)))),
          ...block('Update', cols.map((c) => (written(c) ? never(c) : field(c, true)))),
        ]
      : []),
    '      }',
  ]
  const section = (name: string, type: Column['table_type']) => {
    const chosen = [...relations].filter(([, cols]) => cols[0]!.table_type === type)
    if (chosen.length === 0) return [`    ${name}: { [_ in never]: never }`]
    return [`    ${name}: {`, ...chosen.flatMap(([table, cols]) => relation(table, cols, type === 'BASE TABLE')), '    }']
  }
  const text = [
    '// Generated by `npm run db:types` (supabase/local/db-types.ts) from supabase/migrations: applied to PGlite,',
    '// then read from information_schema. Do not edit: tests/backend/db-types.test.ts fails while it is stale.',
    '// The rows of the exposed schema (public) as PostgREST answers them, in the shape and names of',
    '// `supabase gen types`: Tables<\'name\'> (a row), TablesInsert<\'name\'>, TablesUpdate<\'name\'>.',
    '',
    'export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]',
    '',
    'export type Database = {',
    '  public: {',
    ...section('Tables', 'BASE TABLE'),
    ...section('Views', 'VIEW'),
    '  }',
    '}',
    '',
    "type PublicSchema = Database['public']",
    '',
    '/** A row of a table or view of the public schema, as a select returns it. */',
    "export type Tables<Name extends keyof PublicSchema['Tables'] | keyof PublicSchema['Views']> = (PublicSchema['Tables'] &",
    "  PublicSchema['Views'])[Name] extends { Row: infer Row } ? Row : never",
    '/** What an insert into a table takes (columns with a default, or nullable, may be left out). */',
    "export type TablesInsert<Name extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][Name]['Insert']",
    '/** What an update of a table takes. */',
    "export type TablesUpdate<Name extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][Name]['Update']",
    '',
  ].join('\n')
  return `// Made from inputs ${inputs}; text ${sha(text)}.\n${text}`
}

/** The module as the migrations make it now, from a fresh in-memory database. */
export async function currentRowTypes(): Promise<string> {
  const db = await openDatabase({ dataDir: null, cacheDir: TEMPLATE_CACHE_DIR })
  try {
    return await rowTypesModule(db)
  } finally {
    await db.close()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ROW_TYPES_FILE, await currentRowTypes())
  console.log(`Wrote ${ROW_TYPES_FILE}`)
}
