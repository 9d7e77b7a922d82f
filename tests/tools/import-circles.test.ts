import { describe, expect, it } from 'vitest'
import { importCircles } from '../../src/build/import-circles'
import { importGraph } from '../../src/build/import-graph'
import { rootDir } from '../../src/build/site'
import { tempTree } from './temp-tree'

// No module reaches itself through its imports (type-only and dynamic ones included): a circle
// makes the order modules load in matter, and hides which module depends on which.

describe('import circles', () => {
  it('there are none in src, machines and supabase', () => {
    expect(importCircles(importGraph(rootDir, ['src', 'machines', 'supabase']))).toEqual([])
  })

  it('are found, read from real files: through type-only imports and in a file that imports itself', () => {
    const { dir, write } = tempTree('circles')
    write('supabase/local/core.ts', "import type { Context } from './context.ts'\nexport const check = (c: Context) => c\n")
    write('supabase/local/context.ts', "import type { Mailbox } from './mailbox.ts'\nexport type Context = { mailbox: Mailbox }\n")
    write('supabase/local/mailbox.ts', "import { check } from './core.ts'\nexport type Mailbox = { check: typeof check }\n")
    write('supabase/local/alone.ts', "import { check } from './core.ts'\nexport const alone = check\n")
    write('src/self.ts', "export const self = () => import('./self')\n")
    expect(importCircles(importGraph(dir, ['src', 'machines', 'supabase']))).toEqual([
      ['src/self.ts'],
      ['supabase/local/context.ts', 'supabase/local/core.ts', 'supabase/local/mailbox.ts'],
    ])
  })
})
