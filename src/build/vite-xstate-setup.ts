import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

// XState's `setup()` returns, beside `createMachine`, every built-in action creator (`sendTo`, `log`,
// `cancel`, `stopChild`, `enqueueActions`, `emit`, `spawnChild`, …), so a bundle keeps all their code
// whether a machine uses them or not. The machines here use only `setup(…).createMachine(…)` and
// import the action creators they need by name: in production builds, `setup` is XState's own minus
// those members (src/build/xstate-setup.ts). Tests run XState's own.
const shim = fileURLToPath(new URL('./xstate-setup.ts', import.meta.url))

export function xstateSetupOnlyCreatesMachines(): Plugin {
  return {
    name: 'xstate-setup-only-creates-machines',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'xstate' || !importer || importer === shim || importer.includes('node_modules')) return null
      return shim
    },
  }
}
