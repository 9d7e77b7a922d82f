// What a function's handler receives as `env`: Deno.env.toObject() on hosted Supabase, and on the
// local stack SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SITE_URL,
// LOCAL_MAILBOX_URL plus the secrets passed to startStack (the CLI passes .env).
export type FunctionEnv = Record<string, string | undefined>

/** The names of `required` that are unset or empty. */
export function missingSecrets(env: FunctionEnv, required: readonly string[]): string[] {
  return required.filter((name) => !env[name]?.trim())
}

/** Logs which secrets a function lacks, in one line the function's logs show plainly. */
export function logMissingSecrets(fn: string, missing: readonly string[]): void {
  console.error(`[${fn}] not configured: missing ${missing.join(', ')}; set with \`supabase secrets set\` (see .env.example)`)
}
