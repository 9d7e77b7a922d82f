import { describe, expect, it } from 'vitest'
import { importGraph } from '../../src/build/import-graph'
import { layerViolations, STAND_IN_PACKAGE, violationOf } from '../../src/build/layers'
import { rootDir } from '../../src/build/site'
import { tempTree } from './temp-tree'

// Imports flow app → views → features → shared layers (components, lib, i18n, styles, routes);
// a feature never imports another feature; machines import only xstate, arktype, other machines
// and the functions' shared modules; the functions never import the site. Nothing in src/,
// machines/ or supabase/functions/ imports the local stack (supabase/local/); the project's tools in
// src/ (its servers, its build tools) use the stack's package by name.

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

  describe('refuse an import of the local stack, read from real files', () => {
    const { dir, write } = tempTree('layers-stand-in')
    write('supabase/local/stack.ts', 'export const startStack = () => null\n')
    write('supabase/local/payments.ts', "import { plans } from '../functions/_shared/plans'\nexport const paymentRoutes = () => plans\n")
    write('supabase/functions/_shared/plans.ts', 'export const plans = []\n')
    write('supabase/functions/create-checkout/handler.ts', "import { paymentRoutes } from '../../local/payments.ts'\nexport default paymentRoutes\n")
    write('machines/stack.machine.ts', `import type { startStack } from '${STAND_IN_PACKAGE}'\nexport type Start = typeof startStack\n`)
    write('src/lib/stack-client.ts', "import { startStack } from '../../supabase/local/stack'\nexport const client = startStack\n")
    write('src/app/dev-stack.ts', "export const load = () => import('../../supabase/local/stack.ts')\n")
    write('src/server/dev.ts', "import { startStack } from '../../supabase/local/stack.ts'\nexport const dev = startStack\n")
    write('src/server/start.ts', `import { startStack } from '${STAND_IN_PACKAGE}'\nexport const start = startStack\n`)

    it('names each one: any import from the product, a tool’s import of a file; a tool may import the package', () => {
      const found = layerViolations(importGraph(dir)).map((v) => [v.from, v.to, v.reason])
      const product = (layer: string) => `the ${layer} layer imports the local stack (supabase/local/): only the project's tools may, through ${STAND_IN_PACKAGE}`
      expect(found).toEqual([
        ['machines/stack.machine.ts', STAND_IN_PACKAGE, product('machine')],
        ['src/app/dev-stack.ts', 'supabase/local/stack.ts', product('app')],
        ['src/lib/stack-client.ts', 'supabase/local/stack.ts', product('shared')],
        ['src/server/dev.ts', 'supabase/local/stack.ts', `a tool in src/ imports a file of the local stack: import ${STAND_IN_PACKAGE}, its package's entry`],
        ['supabase/functions/create-checkout/handler.ts', 'supabase/local/payments.ts', product('function')],
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
    ['supabase/functions/_shared/plans.ts', 'supabase/local/stack.ts', false],
    ['src/lib/supabase.ts', 'supabase/local/jwt.ts', false],
    ['src/build/build.ts', 'supabase/local/config.ts', false],
    ['src/build/bench-size.ts', 'supabase/local/stack.ts', false],
    ['supabase/local/payments-checkout.ts', 'supabase/functions/_shared/plans.ts', true],
  ])('%s → %s allowed: %s', (from, to, allowed) => {
    expect(violationOf({ from, to, kind: 'static', external: false }) === null).toBe(allowed)
  })

  it.each([
    ['src/build/build.ts', `${STAND_IN_PACKAGE}/config`, true],
    ['src/server/local-supabase.ts', STAND_IN_PACKAGE, true],
    ['src/features/demo/actors.ts', `${STAND_IN_PACKAGE}/jwt`, false],
    ['machines/login-form.machine.ts', STAND_IN_PACKAGE, false],
    ['supabase/functions/_shared/mail.ts', `${STAND_IN_PACKAGE}/stack`, false],
  ])('%s → the package %s allowed: %s', (from, to, allowed) => {
    expect(violationOf({ from, to, kind: 'static', external: true }) === null).toBe(allowed)
  })
})
