import type { Plugin } from 'vite'

// Vite wraps every dynamic import in a helper that preloads the imported chunk's CSS and JS
// dependencies. With one stylesheet for the site (no CSS code splitting) and no module preloading,
// every list it gets is empty: this gives it the same name with nothing inside. If Vite renames its
// helper module, this plugin does nothing and Vite's own helper stays (correct, a little bigger).
const preloadHelper = '\0vite/preload-helper.js'

export function plainDynamicImports(): Plugin {
  return {
    name: 'plain-dynamic-imports',
    apply: 'build',
    configResolved(config) {
      if (config.build.cssCodeSplit || config.build.modulePreload !== false) {
        throw new Error('plain-dynamic-imports needs build.cssCodeSplit and build.modulePreload set to false')
      }
    },
    load(id) {
      if (id === preloadHelper) return 'export const __vitePreload = (load) => load()'
    },
  }
}
