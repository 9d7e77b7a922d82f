// What a function's handler receives as `env`: Deno.env.toObject() on hosted Supabase, and on the
// local stack SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SITE_URL,
// LOCAL_MAILBOX_URL plus the secrets passed to startStack (the CLI passes .env).
export type FunctionEnv = Record<string, string | undefined>
