interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[]; importedIds: readonly string[] } | null
}

/** Whether a module belongs to the shell: the project's modules the entry script imports
 * statically (what every page runs before hydrating). They go into one chunk instead of the many
 * small shared chunks automatic splitting makes of them: one request, and it compresses as a whole.
 * The entry script stays in the entry chunk (its top-level code starts the app), an HTML entry's
 * scripts likewise; libraries are the framework chunk's or automatic splitting's (a barrel module,
 * an icon set, would otherwise pull every icon the site uses into the shell). */
export function isShellModule(id: string, graph: ModuleGraph): boolean {
  const isScript = (moduleId: string) => {
    const info = graph.getModuleInfo(moduleId)
    return Boolean(info?.isEntry || info?.importers.some((importer) => importer.endsWith('.html') && graph.getModuleInfo(importer)?.isEntry))
  }
  const seen = new Set<string>()
  // Up the static imports: a project module is the shell's when a chain of them leads to a script.
  const reachesScript = (moduleId: string): boolean => {
    if (seen.has(moduleId) || moduleId.includes('/node_modules/') || isScript(moduleId)) return false
    seen.add(moduleId)
    const importers = graph.getModuleInfo(moduleId)?.importers ?? []
    return importers.some((importer) => (isScript(importer) && !importer.endsWith('.html')) || reachesScript(importer))
  }
  return reachesScript(id)
}
