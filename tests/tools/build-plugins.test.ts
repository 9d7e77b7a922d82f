import { describe, expect, it } from 'vitest'
import { stripMachineDescriptions } from '../../src/build/vite-strip-descriptions'
import { preloadsFor } from '../../src/build/prerender'
import { isShellModule } from '../../src/build/vite-shell-chunk'
import { scopePlan } from '../../src/build/message-scopes'
import { rootDir } from '../../src/build/site'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'

describe('catalog scopes, derived from the route records and the imports', () => {
  const { scopesOfFile, scopesOfMessage } = scopePlan(rootDir)
  const titleOf = (message: string) => generateMessageId(message, 'page title')

  it('puts a message the shell uses in core only', () => {
    expect(scopesOfFile('src/features/header/header.tsx')).toEqual(['core'])
    expect(scopesOfMessage('x', ['src/features/header/header.tsx', 'src/views/pricing-page.tsx'])).toEqual(['core'])
  })

  it("gives a page's view and what it imports the page's scope", () => {
    expect(scopesOfFile('src/views/pricing-page.tsx')).toEqual(['pages'])
    expect(scopesOfFile('src/features/pricing/plan-card.tsx')).toEqual(['pages'])
    expect(scopesOfFile('src/features/auth/login/login-form.tsx')).toEqual(['account'])
    expect(scopesOfFile('src/features/legal/privacy.tsx')).toEqual(['legal'])
  })

  it('ships a message used by several pages with each of them, not with every page', () => {
    expect(scopesOfMessage('x', ['src/views/help-page.tsx', 'src/views/login-page.tsx']).sort()).toEqual(['account', 'pages'])
  })

  it('tells the landing’s first screen from what hydrates later', () => {
    expect(scopesOfFile('src/features/landing/hero.tsx')).toEqual(['home'])
    expect(scopesOfFile('src/features/landing/why-us.tsx')).toEqual(['landing'])
    expect(scopesOfFile('src/features/landing/how-it-works/how-it-works.tsx')).toEqual(['landing'])
    expect(scopesOfFile('src/features/footer/footer.tsx')).toEqual(['footer'])
  })

  it("ships a record's title with its page and its description with the prerenderer only", () => {
    expect(scopesOfMessage(titleOf('Pricing – Vekstlinje'), ['src/routes.ts'])).toEqual(['pages'])
    expect(scopesOfMessage(titleOf('Sign in – Vekstlinje'), ['src/routes.ts'])).toEqual(['account'])
    expect(scopesOfMessage(titleOf('Page not found – Vekstlinje'), ['src/routes.ts'])).toEqual(['notFound'])
    expect(scopesOfMessage(generateMessageId('Sign in to your Vekstlinje account.'), ['src/routes.ts'])).toEqual(['meta'])
    // The 404 page shows its description too: that text ships with the page as well.
    const notFound = generateMessageId('The page you are looking for does not exist or has moved.')
    expect(scopesOfMessage(notFound, ['src/routes.ts', 'src/views/not-found-page.tsx']).sort()).toEqual(['meta', 'notFound'])
  })

  it('leaves a file no page loads without a scope', () => {
    expect(scopesOfFile('src/build/prerender.ts')).toEqual([])
  })
})

describe('stripping machine descriptions from production bundles', () => {
  const transform = (code: string, id: string) => {
    const plugin = stripMachineDescriptions()
    const hook = plugin.transform as (code: string, id: string) => { code: string } | undefined
    return hook.call({}, code, id)?.code
  }
  const machine = `import { setup } from 'xstate'
const toast = { title: 'Saved', description: 'Shown to users' }
export const machine = setup({}).createMachine({
  id: 'm',
  description: 'The whole machine.',
  initial: 'a',
  states: {
    a: {
      description: \`State \${1}\`,
      on: { go: { target: 'b', description: "Go on." }, back: [{ target: 'a', description: 'Again.' }] },
      invoke: { src: 'load', onDone: { target: 'b', description: 'Loaded.' } },
    },
    b: { description: 'B', after: { 100: { target: 'a', description: 'Later.' } }, entry: [{ type: 'notify', params: { toast, description: 'a parameter' } }] },
  },
})
`

  it('removes the descriptions of the machine, its states and its transitions', () => {
    const stripped = transform(machine, '/work/machines/m.machine.ts')!
    for (const text of ["'The whole machine.'", '"Go on."', "'Again.'", "'Loaded.'", "'B'", "'Later.'"]) {
      expect(stripped).not.toContain(text)
    }
    expect(stripped).not.toContain('State $')
    expect(stripped.match(/description/g)).toHaveLength(2)
    expect(stripped).toContain("description: 'Shown to users'")
    expect(stripped).toContain("description: 'a parameter'")
  })

  it('leaves the machine intact', () => {
    const stripped = transform(machine, '/work/machines/m.machine.ts')!
    const config = stripped.slice(stripped.indexOf('createMachine(') + 'createMachine('.length, stripped.lastIndexOf(')'))
    const evaluate = new Function('toast', `return ${config}`)
    expect(evaluate({})).toEqual({
      id: 'm',
      initial: 'a',
      states: {
        a: { on: { go: { target: 'b' }, back: [{ target: 'a' }] }, invoke: { src: 'load', onDone: { target: 'b' } } },
        b: { after: { 100: { target: 'a' } }, entry: [{ type: 'notify', params: { toast: {}, description: 'a parameter' } }] },
      },
    })
  })

  it("removes them from a fragment that machines share and from transitions written outside the config, and keeps data's", () => {
    const fragment = `export const wait = { guard: 'isPending', target: 'waiting', description: 'Waits.' }
export const waitingState = (back) => ({ description: \`Waiting\`, tags: 'checking', on: { done: { target: back, actions: ['again'], description: 'Done.' } } })
export const note = { title: 'Saved', description: 'Data' }
`
    const stripped = transform(fragment, '/work/machines/waiting.ts')!
    for (const text of ["'Waits.'", '`Waiting`', "'Done.'"]) expect(stripped).not.toContain(text)
    expect(stripped).toContain("description: 'Data'")
    const exports = new Function(`${stripped.replaceAll('export const', 'const')}; return { wait, waitingState, note }`)()
    expect(exports.wait).toEqual({ guard: 'isPending', target: 'waiting' })
    expect(exports.waitingState('back')).toEqual({ tags: 'checking', on: { done: { target: 'back', actions: ['again'] } } })
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

describe('the shell chunk', () => {
  // page-script (an entry) → start-app → signed-out check; entry-client (the app's entry) → app
  // → (header, icons from node_modules); a view is imported lazily.
  const modules: Record<string, { isEntry: boolean; importers: string[]; importedIds: string[] }> = {
    '/s/src/app/page-script.ts': { isEntry: true, importers: [], importedIds: ['/s/src/app/start-app.ts'] },
    '/s/src/app/start-app.ts': { isEntry: false, importers: ['/s/src/app/page-script.ts'], importedIds: ['/s/src/app/signed-out.ts'] },
    '/s/src/app/signed-out.ts': { isEntry: false, importers: ['/s/src/app/start-app.ts'], importedIds: [] },
    '/s/src/app/entry-client.tsx': { isEntry: true, importers: [], importedIds: ['/s/src/app/app.tsx'] },
    '/s/src/app/app.tsx': { isEntry: false, importers: ['/s/src/app/entry-client.tsx'], importedIds: ['/s/src/features/header/header.tsx'] },
    '/s/src/features/header/header.tsx': { isEntry: false, importers: ['/s/src/app/app.tsx', '/s/src/views/home-page.tsx'], importedIds: ['/s/node_modules/lucide/icons.js'] },
    '/s/node_modules/lucide/icons.js': { isEntry: false, importers: ['/s/src/features/header/header.tsx'], importedIds: [] },
    '/s/src/views/home-page.tsx': { isEntry: false, importers: [], importedIds: ['/s/src/features/header/header.tsx', '/s/src/features/hero.tsx'] },
    '/s/src/features/hero.tsx': { isEntry: false, importers: ['/s/src/views/home-page.tsx'], importedIds: [] },
  }
  const graph = { getModuleInfo: (id: string) => modules[id] ?? null }

  it("holds the modules the app's entry imports statically, and only those: not the page script's", () => {
    const shell = Object.keys(modules).filter((id) => isShellModule(id, graph, '/s/src/app/entry-client.tsx'))
    expect(shell).toEqual(['/s/src/app/app.tsx', '/s/src/features/header/header.tsx'])
  })
})
