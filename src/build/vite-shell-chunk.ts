interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[]; importedIds: readonly string[] } | null
}

/** Whether a module belongs to the shell: the project's modules the app's entry (`appEntry`, its
 * file) imports statically, what every page runs before hydrating. They go into one chunk instead
 * of the many small shared chunks automatic splitting makes of them: one request, and it compresses
 * as a whole. The entry stays in the entry chunk (its top-level code starts the app); another entry
 * (the page script) and what only it imports stay in its own chunk, so that nothing waits on the
 * shell before the first paint. Libraries are the framework chunk's or automatic splitting's (a
 * barrel module, an icon set, would otherwise pull every icon the site uses into the shell). */
export function isShellModule(id: string, graph: ModuleGraph, appEntry: string): boolean {
  const isAppEntry = (moduleId: string) => moduleId === appEntry
  const isOtherEntry = (moduleId: string) => !isAppEntry(moduleId) && Boolean(graph.getModuleInfo(moduleId)?.isEntry)
  const seen = new Set<string>()
  // Up the static imports: a project module is the shell's when a chain of them leads to the app's entry.
  const reachesEntry = (moduleId: string): boolean => {
    if (seen.has(moduleId) || moduleId.includes('/node_modules/') || isAppEntry(moduleId) || isOtherEntry(moduleId)) return false
    seen.add(moduleId)
    const importers = graph.getModuleInfo(moduleId)?.importers ?? []
    return importers.some((importer) => isAppEntry(importer) || reachesEntry(importer))
  }
  return reachesEntry(id)
}
