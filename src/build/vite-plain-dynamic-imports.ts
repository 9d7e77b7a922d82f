import type { Plugin } from 'vite'

// Vite wraps every dynamic import in a helper that preloads the imported chunk's CSS and JS
// dependencies. With one stylesheet for the site (no CSS code splitting) and no module preloading,
// every list it gets is empty: this gives it the same name with nothing inside, and takes the calls
// out of the chunks (`__vitePreload(load, __VITE_PRELOAD__)` becomes `(load)()`, which the minifier
// folds into the plain `import()`). If Vite renames its helper or its marker, this plugin does
// nothing and Vite's own helper stays (correct, a little bigger).
const preloadHelper = '\0vite/preload-helper.js'
const call = '__vitePreload('
const marker = ', __VITE_PRELOAD__)'
const count = (text: string, part: string) => text.split(part).length - 1

export function plainDynamicImports(): Plugin {
  return {
    name: 'plain-dynamic-imports',
    apply: 'build',
    configResolved(config) {
      if (config.build.cssCodeSplit || config.build.modulePreload !== false) {
        throw new Error('plain-dynamic-imports needs build.cssCodeSplit and build.modulePreload set to false')
      }
    },
    renderChunk(code) {
      const calls = count(code, call)
      if (calls === 0 || calls !== count(code, marker)) return null
      return { code: code.replaceAll(call, '(').replaceAll(marker, ')()'), map: null }
    },
    load(id) {
      if (id === preloadHelper) return 'export const __vitePreload = (load) => load()'
    },
  }
}
