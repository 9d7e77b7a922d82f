// Which runtime serves the functions in this test run. The function tests run twice (vitest
// projects `node` and `deno`): with the handlers imported into Node, and with each function
// served by Deno from a copy holding only what `supabase functions deploy` uploads.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, inject } from 'vitest'
import { type DenoFunctions, denoHandlers, type FunctionHandler, startDenoFunctions } from '../../supabase/local/deno.ts'
import { FUNCTIONS_DIR, loadFunctions } from '../../supabase/local/functions.ts'

export const RUNTIME: 'node' | 'deno' = process.env.FUNCTIONS_RUNTIME === 'deno' ? 'deno' : 'node'

let deno: Promise<DenoFunctions> | undefined
let node: Promise<Map<string, FunctionHandler>> | undefined

/** The handlers as this run's runtime serves them (Deno processes start on first use). */
export function runtimeHandlers(): Promise<Map<string, FunctionHandler>> {
  if (RUNTIME === 'node') {
    node ??= loadFunctions(FUNCTIONS_DIR)
    return node
  }
  // The run's shared Deno processes (deno-functions.setup.ts), or this file's own.
  const shared = inject('denoFunctions')
  if (shared) return Promise.resolve(denoHandlers(shared))
  deno ??= startDenoFunctions(mkdtempSync(join(tmpdir(), 'functions-upload-')))
  return deno.then((d) => d.handlers)
}

/** A function's handler(req, env) in this run's runtime. */
export function functionHandler(name: string): FunctionHandler {
  return async (req, env) => {
    const handler = (await runtimeHandlers()).get(name)
    if (!handler) throw new Error(`no function ${name}`)
    return handler(req, env)
  }
}

afterAll(async () => {
  if (deno) await (await deno).stop()
})
