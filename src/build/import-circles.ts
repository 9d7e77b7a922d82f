import type { ImportGraph } from './import-graph.ts'

/** Every import circle of the graph: each group of files that reach one another through imports
 * of any kind (type-only and `import()` included), as its files in order of the graph. A file that
 * imports itself is a circle of one. Tarjan's strongly connected components, without recursion. */
export function importCircles(graph: ImportGraph): string[][] {
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const open: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const next = (file: string) => graph.importsOf(file).filter((edge) => !edge.external).map((edge) => edge.to)
  for (const root of graph.files) {
    if (order.has(root)) continue
    const frames: { file: string; targets: string[]; at: number }[] = []
    const enter = (file: string) => {
      order.set(file, order.size)
      low.set(file, order.get(file)!)
      open.push(file)
      onStack.add(file)
      frames.push({ file, targets: next(file), at: 0 })
    }
    enter(root)
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!
      const target = frame.targets[frame.at++]
      if (target !== undefined) {
        if (!order.has(target)) enter(target)
        else if (onStack.has(target)) low.set(frame.file, Math.min(low.get(frame.file)!, order.get(target)!))
        continue
      }
      frames.pop()
      const parent = frames[frames.length - 1]
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!))
      if (low.get(frame.file) !== order.get(frame.file)) continue
      const group: string[] = []
      let file: string
      do {
        file = open.pop()!
        onStack.delete(file)
        group.push(file)
      } while (file !== frame.file)
      if (group.length > 1 || frame.targets.includes(frame.file)) circles.push(group.sort())
    }
  }
  return circles
}
