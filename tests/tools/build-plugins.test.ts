import { describe, expect, it } from 'vitest'
import { stripMachineDescriptions } from '../../src/build/vite-strip-descriptions'
import { preloadsFor } from '../../src/build/prerender'
import { scopeOfFile, scopesOfMessage } from '../../src/i18n/scopes'

describe('catalog scopes', () => {
  it('puts a message the shell uses in core only', () => {
    expect(scopesOfMessage(['src/features/header/header.tsx', 'src/views/pricing-page.tsx'])).toEqual(['core'])
  })

  it('ships a message used by several pages with each of them, not with every page', () => {
    expect(scopesOfMessage(['src/views/help-page.tsx', 'src/views/login-page.tsx']).sort()).toEqual(['account', 'pages'])
    expect(scopesOfMessage(['src/lib/faqs.ts'])).toEqual(['pages'])
  })

  it('tells the landing’s first screen from what hydrates later', () => {
    expect(scopeOfFile('src/features/landing/hero.tsx')).toBe('home')
    expect(scopeOfFile('src/features/landing/why-us.tsx')).toBe('landing')
    expect(scopeOfFile('src/features/footer/footer.tsx')).toBe('footer')
    expect(scopeOfFile('src/app/route-descriptions.ts')).toBe('meta')
  })
})

describe('stripping machine descriptions from production bundles', () => {
  const transform = (code: string, id: string) => {
    const plugin = stripMachineDescriptions()
    const hook = plugin.transform as (code: string, id: string) => { code: string } | undefined
    return hook.call({}, code, id)?.code
  }
  const config = `export const config = {
  id: 'm',
  description: 'The whole machine.',
  initial: 'a',
  states: {
    a: { description: \`State \${1}\`, on: { go: { target: 'b', description: "Go on." } } },
    b: { description: 'B', },
  },
}
`
  const evaluate = (code: string) => new Function(code.replace('export const config =', 'return'))()

  it('removes every description text and leaves the machine intact', () => {
    const stripped = transform(config, '/work/machines/m.machine.ts')!
    expect(stripped).not.toMatch(/description/)
    expect(evaluate(stripped)).toEqual({ id: 'm', initial: 'a', states: { a: { on: { go: { target: 'b' } } }, b: {} } })
  })

  it('leaves other modules alone, where `description` is data', () => {
    expect(transform("export const toast = { description: 'Shown to users' }", '/work/src/features/toaster/toaster.tsx')).toBeUndefined()
  })
})

describe('preloading a page’s chunks', () => {
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true },
    'src/app/entry-client.tsx': { file: 'assets/app.js', isEntry: true, imports: ['_shell.js', '_framework.js'] },
    '_shell.js': { file: 'assets/shell.js', imports: ['_framework.js'] },
    '_framework.js': { file: 'assets/framework.js' },
    'src/views/home-page.tsx': { file: 'assets/home-page.js', imports: ['_shell.js', '_claims.js'] },
    '_claims.js': { file: 'assets/claims.js' },
    'locales/nb/messages.po?scope=core': { file: 'assets/messages-core.js' },
  }

  it('lists the app’s entry first, its imports, the page’s chunks and theirs, each once, never the page’s script', () => {
    expect(preloadsFor(manifest, ['src/views/home-page.tsx', 'locales/nb/messages.po?scope=core'])).toEqual([
      'assets/app.js',
      'assets/shell.js',
      'assets/framework.js',
      'assets/home-page.js',
      'assets/claims.js',
      'assets/messages-core.js',
    ])
  })

  it('fails on a module the build does not know', () => {
    expect(() => preloadsFor(manifest, ['src/views/gone-page.tsx'])).toThrow(/not in the build manifest/)
  })
})
