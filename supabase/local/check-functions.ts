// npm run functions:check — `deno check` of every function in a copy holding only what
// `supabase functions deploy` would upload; prints the files per function. Exit status 1 on failure.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { denoCheck, uploadCopy, uploadedFiles } from './deno.ts'

const dir = mkdtempSync(join(tmpdir(), 'functions-upload-'))
try {
  const functions = uploadCopy(dir)
  let ok = true
  for (const result of denoCheck(dir, functions)) {
    const fn = functions.find((f) => f.name === result.name)!
    console.log(`${result.ok ? '✓' : '✗'} ${result.name}: ${uploadedFiles(fn).join(', ')}`)
    if (!result.ok) {
      ok = false
      console.log(result.output)
    }
  }
  process.exitCode = ok ? 0 : 1
} finally {
  rmSync(dir, { recursive: true, force: true })
}
