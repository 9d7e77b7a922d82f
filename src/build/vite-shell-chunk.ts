interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[]; importedIds: readonly string[] } | null
}

/** Whether a module belongs to the shell: the project's modules the app's entry (an entry of the
 * build that is not an HTML page) imports statically, what every page runs before hydrating. They
 * go into one chunk instead of the many small shared chunks automatic splitting makes of them: one
 * request, and it compresses as a whole. The entry stays in the entry chunk (its top-level code
 * starts the app); the page's own script (the one an HTML entry loads) stays in its chunk with what
 * it imports, so that nothing waits on the shell before the first paint. Libraries are the framework
 * chunk's or automatic splitting's (a barrel module, an icon set, would otherwise pull every icon
 * the site uses into the shell). */
export function isShellModule(id: string, graph: ModuleGraph): boolean {
  const isAppEntry = (moduleId: string) => Boolean(graph.getModuleInfo(moduleId)?.isEntry) && !moduleId.endsWith('.html')
  const isPageScript = (moduleId: string) =>
    Boolean(graph.getModuleInfo(moduleId)?.importers.some((importer) => importer.endsWith('.html') && graph.getModuleInfo(importer)?.isEntry))
  const seen = new Set<string>()
  // Up the static imports: a project module is the shell's when a chain of them leads to the app's entry.
  const reachesEntry = (moduleId: string): boolean => {
    if (seen.has(moduleId) || moduleId.includes('/node_modules/') || isAppEntry(moduleId) || isPageScript(moduleId)) return false
    seen.add(moduleId)
    const importers = graph.getModuleInfo(moduleId)?.importers ?? []
    return importers.some((importer) => isAppEntry(importer) || reachesEntry(importer))
  }
  return reachesEntry(id)
}
