import type { Plugin } from 'vite'

/** Puts the project's modules the entry imports statically (the shell every page runs before hydrating)
 * into one chunk, instead of the many small shared chunks automatic splitting makes of them:
 * one request, and it compresses as a whole. Libraries go to `framework` (see vite.config.ts). */
export function shellChunk(): { plugin: Plugin; isShellModule: (id: string) => boolean } {
  const shell = new Set<string>()
  const plugin: Plugin = {
    name: 'shell-chunk',
    apply: 'build',
    buildEnd() {
      shell.clear()
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? []
      // The entry scripts stay in their entry chunks (the page's script, src/app/boot.ts, and the
      // app's entry, whose top-level code awaits the page's modules: in the shell, it would wait
      // for modules that wait for the shell); an HTML entry's scripts are entries too.
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry)
      const scripts = new Set(entries.flatMap((id) => (id.endsWith('.html') ? [id, ...importsOf(id)] : [id])))
      // Libraries are the framework chunk's or automatic splitting's: a barrel module (an icon
      // set) would otherwise pull every icon the site uses into the shell.
      const visit = (id: string) => {
        if (shell.has(id) || scripts.has(id) || id.includes('/node_modules/')) return
        shell.add(id)
        for (const imported of importsOf(id)) visit(imported)
      }
      for (const script of scripts) for (const imported of importsOf(script)) visit(imported)
    },
  }
  return { plugin, isShellModule: (id) => shell.has(id) }
}
