// Types of single-start.mjs (plain JavaScript so that `npm start` can run it before the build).
export function loadEnvFiles(dir?: string): void
export function stateDirOf(env?: NodeJS.ProcessEnv): string
export function runningHolder(stateDir: string): { kind: 'site' | 'stack'; pid: number; url: string | null } | null
export function claimSite(stateDir: string, url: string): () => void
export function refusal(stateDir: string): string | null
