/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL: string
  readonly VITE_SUPABASE_ANON_KEY: string
  readonly VITE_TURNSTILE_SITE_KEY?: string
  readonly VITE_TURNSTILE_SCRIPT_URL?: string
  readonly VITE_INSPECT?: string
  /** The year of the build, for the footer's copyright (set in vite.config.ts). */
  readonly VITE_BUILD_YEAR: string
}
