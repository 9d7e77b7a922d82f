import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

// The shape of a feature: a machine-driven feature folder (one with a logic.ts) has a connect.ts
// beside its views; machines get their implementations with `.provide(` only in a logic.ts; a view
// reads no snapshot itself (`.matches(`, `.hasTag(`, `snapshot.context`): its connect.ts does.

export interface TemplateProblem {
  file: string
  problem: string
}

const READS_SNAPSHOT = /\.(matches|hasTag)\(|\bsnapshot\.(context|value)\b/

function files(rootDir: string, dir: string): string[] {
  const absolute = path.join(rootDir, dir)
  if (!existsSync(absolute)) return []
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((entry) => `${dir}/${entry.replace(/\\/g, '/')}`)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .sort()
}

export function featureTemplateProblems(rootDir: string): TemplateProblem[] {
  const problems: TemplateProblem[] = []
  // The build's own tools are not features (and name what they look for).
  for (const file of files(rootDir, 'src').filter((f) => !f.startsWith('src/build/'))) {
    const source = readFileSync(path.join(rootDir, file), 'utf8')
    if (source.includes('.provide(') && path.posix.basename(file) !== 'logic.ts') {
      problems.push({ file, problem: '.provide( outside a logic.ts' })
    }
    if (file.startsWith('src/features/') && file.endsWith('.tsx') && READS_SNAPSHOT.test(source)) {
      problems.push({ file, problem: 'a view reads a snapshot: map it in connect.ts' })
    }
    if (file.startsWith('src/features/') && path.posix.basename(file) === 'logic.ts') {
      const connect = path.posix.join(path.posix.dirname(file), 'connect.ts')
      if (!existsSync(path.join(rootDir, connect))) problems.push({ file: connect, problem: 'a machine-driven feature without connect.ts' })
    }
  }
  return problems
}
