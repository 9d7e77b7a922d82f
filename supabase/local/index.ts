// The local stack's public entry, for the project's tooling (the site's servers, its build tools,
// its tests): `import { startStack } from '@vekstlinje/supabase-local'`. Nothing in the product
// (src/ outside its servers and build tools, machines/, supabase/functions/) imports the stack at
// all: tests/tools/layers.test.ts holds that.
export { configuredAuth } from './config.ts'
export { type DatabaseKind, databaseKind, MIGRATIONS_DIR, migrate, readMigrations } from './db.ts'
export { type Keys, loadKeys } from './jwt.ts'
export { type FunctionEnv, type LocalStack, type StackOptions, startStack } from './stack.ts'
