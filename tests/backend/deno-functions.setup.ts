// For the `deno` test project: the functions' Deno processes start once for the whole run and
// every test file's stack forwards to them, instead of six new processes per file.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startDenoFunctions } from '../../supabase/local/deno.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each function's Deno process listens, by function name. */
    denoFunctions: Record<string, string>
  }
}

export default async function startSharedDenoFunctions(project: TestProject) {
  const functions = await startDenoFunctions(mkdtempSync(join(tmpdir(), 'functions-upload-')))
  project.provide('denoFunctions', functions.urls)
  return () => functions.stop()
}
