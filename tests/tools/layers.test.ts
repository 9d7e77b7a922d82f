import { describe, expect, it } from 'vitest'
import { importGraph } from '../../src/build/import-graph'
import { layerViolations, violationOf } from '../../src/build/layers'
import { rootDir } from '../../src/build/site'
import { tempTree } from './temp-tree'

// Imports flow app → views → features → shared layers (components, lib, i18n, styles, routes);
// a feature never imports another feature; machines import only xstate, arktype, other machines
// and the functions' shared modules; the functions never import the site.

describe('the layers of the code', () => {
  it('hold across the whole project', () => {
    const violations = layerViolations(importGraph(rootDir)).map((v) => `${v.from} → ${v.to}: ${v.reason}`)
    expect(violations).toEqual([])
  })

  describe('refuse a forbidden import, read from real files', () => {
    const { dir, write } = tempTree('layers')
    write('src/app/shell.tsx', 'export const Shell = () => null\n')
    write('src/lib/format.ts', 'export const format = (n: number) => String(n)\n')
    write('src/features/pricing/plan.tsx', "import { Shell } from '../../app/shell'\nimport { format } from '../../lib/format'\nexport const Plan = () => [Shell, format]\n")
    write('src/features/dashboard/card.tsx', "import type { Plan } from '../pricing/plan'\nexport type Card = typeof Plan\n")
    write('machines/cart.machine.ts', "import { setup } from 'xstate'\nimport { useState } from 'react'\nexport const cart = [setup, useState]\n")

    it('names each one, type imports included', () => {
      const found = layerViolations(importGraph(dir)).map((v) => [v.from, v.to, v.reason])
      expect(found).toEqual([
        ['machines/cart.machine.ts', 'react', 'a machine imports react: machines use only xstate and the shared schemas'],
        ['src/features/dashboard/card.tsx', 'src/features/pricing/plan.tsx', 'feature dashboard imports feature pricing'],
        ['src/features/pricing/plan.tsx', 'src/app/shell.tsx', 'a feature imports the app layer'],
      ])
    })
  })

  it.each([
    ['src/features/checkout/checkout.tsx', 'src/app/app.tsx', false],
    ['src/features/checkout/checkout.tsx', 'src/features/checkout/actors.ts', true],
    ['src/features/checkout/checkout.tsx', 'src/components/toaster/toaster.tsx', true],
    ['src/features/auth/login/login-form.tsx', 'src/features/auth/actors.ts', true],
    ['src/features/dashboard/dashboard.tsx', 'src/features/auth/actors.ts', false],
    ['src/lib/auth/use-auth.ts', 'src/features/auth/actors.ts', false],
    ['src/views/home-page.tsx', 'src/app/shell.tsx', false],
    ['src/views/home-page.tsx', 'src/features/landing/hero.tsx', true],
    ['machines/checkout.machine.ts', 'supabase/functions/_shared/plans.ts', true],
    ['machines/checkout.machine.ts', 'src/lib/supabase.ts', false],
    ['supabase/functions/create-checkout/handler.ts', 'supabase/functions/_shared/plans.ts', true],
    ['supabase/functions/create-checkout/handler.ts', 'src/routes.ts', false],
    ['supabase/functions/_shared/plans.ts', 'machines/checkout.machine.ts', false],
  ])('%s → %s allowed: %s', (from, to, allowed) => {
    expect(violationOf({ from, to, kind: 'static', external: false }) === null).toBe(allowed)
  })
})
