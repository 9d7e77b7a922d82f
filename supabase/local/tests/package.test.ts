// The stack is a package of the project's npm workspace (supabase/local/package.json): the root's
// `npm ci` installs what it declares, into the root's node_modules and lockfile. So it must declare
// every package its code imports, and at the version the root installs where the root declares the
// same package (two versions would install twice). Its entries (index.ts, and config, db, jwt and
// stack) are what the project's tooling may import, by the package's name.
import { existsSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { describe, expect, it } from 'vitest'
import { packageImports } from './source.ts'

type Manifest = { name: string; workspaces?: string[]; exports?: Record<string, string>; bin?: Record<string, string>; dependencies?: Record<string, string>; devDependencies?: Record<string, string> }

const ROOT = new URL('../../../', import.meta.url).pathname
const read = (file: string) => JSON.parse(readFileSync(`${ROOT}${file}`, 'utf8')) as Manifest
const root = read('package.json')
const own = read('supabase/local/package.json')
const lock = JSON.parse(readFileSync(`${ROOT}package-lock.json`, 'utf8')) as { packages: Record<string, { version?: string; link?: boolean; resolved?: string }> }

describe('the local stack’s package', () => {
  it('is a workspace of the root, linked in the lockfile under its name', () => {
    expect(root.workspaces).toEqual(['supabase/local'])
    expect(own.name).toBe('@vekstlinje/supabase-local')
    expect(lock.packages[`node_modules/${own.name}`]).toEqual({ resolved: 'supabase/local', link: true })
    // Its main entry, and the entries the site's tools use (each one a module of the package).
    expect(own.exports?.['.']).toBe('./index.ts')
    for (const [entry, file] of Object.entries(own.exports ?? {})) {
      expect(entry, file).toBe(entry === '.' ? '.' : `./${file.slice(2, -3)}`)
      expect(existsSync(`${ROOT}supabase/local/${file.slice(2)}`), file).toBe(true)
    }
    expect(own.bin).toEqual({ 'supabase-local': './cli.ts' })
  })

  it('declares every package its code imports (its tests: also its dev dependencies)', () => {
    const builtins = new Set(builtinModules)
    const declared = (file: string) => ({ ...own.dependencies, ...(file.startsWith('tests/') ? own.devDependencies : {}) })
    const imports = packageImports(`${ROOT}supabase/local`)
    const missing = imports.filter(([file, name]) => !name.startsWith('node:') && !builtins.has(name) && !(name in declared(file)))
    expect(imports.length).toBeGreaterThan(50)
    expect(missing.map(([file, name]) => `${file} → ${name}`)).toEqual([])
  })

  it('pins each package at the version the lockfile installs, the root’s where the root declares it too', () => {
    for (const [name, version] of Object.entries({ ...own.dependencies, ...own.devDependencies })) {
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version)
      const rootVersion = root.dependencies?.[name] ?? root.devDependencies?.[name]
      if (rootVersion !== undefined) expect(rootVersion, name).toBe(version)
    }
  })
})
