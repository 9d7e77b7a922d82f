import { describe, expect, it } from 'vitest'
import { featureTemplateProblems } from '../../src/build/feature-template'
import { rootDir } from '../../src/build/site'
import { tempTree } from './temp-tree'

// Every machine-driven feature has the one shape (src/build/feature-template.ts), with no exceptions.

const listed = (dir: string) =>
  featureTemplateProblems(dir)
    .map((p) => `${p.file}: ${p.problem}`)
    .sort()

describe('the feature template', () => {
  it('holds for every feature', () => {
    expect(listed(rootDir)).toEqual([])
  })

  it('names a .provide( outside logic.ts, a view that reads a snapshot and a missing connect.ts, read from real files', () => {
    const { dir, write } = tempTree('template')
    write('src/features/cart/logic.ts', 'export const cartLogic = cartMachine.provide({})\n')
    write('src/features/cart/connect.ts', 'export const connectCart = (snapshot) => ({ open: snapshot.matches("open") })\n')
    write('src/features/cart/cart.tsx', 'export const Cart = () => { const [snapshot] = use(); return snapshot.hasTag("busy") }\n')
    write('src/features/cart/page.tsx', 'export const logic = cartMachine.provide({})\n')
    write('src/features/menu/logic.ts', 'export const menuLogic = menuMachine.provide({})\n')
    write('src/features/menu/menu.tsx', 'export const Menu = () => null\n')
    expect(listed(dir)).toEqual([
      'src/features/cart/cart.tsx: a view reads a snapshot: map it in connect.ts',
      'src/features/cart/page.tsx: .provide( outside a logic.ts',
      'src/features/menu/connect.ts: a machine-driven feature without connect.ts',
    ])
  })
})
