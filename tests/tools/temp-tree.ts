import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'

/** A folder of files a test writes (removed after the test file): its path and how to add a file. */
export function tempTree(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  return { dir, write }
}
