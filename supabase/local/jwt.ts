// HS256 JWTs as hosted Supabase issues them, signed with a secret generated once per install.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { errors, jwtVerify, SignJWT } from 'jose'

export type Claims = {
  role: string
  sub?: string
  exp?: number
  iat?: number
  session_id?: string
  [claim: string]: unknown
}

export type Keys = { jwtSecret: string; anonKey: string; serviceRoleKey: string; createdAt: number }

const TEN_YEARS = 10 * 365 * 24 * 3600

/** Reads the install's secret from `file`, creating it on first use; `null` gives a throwaway one. */
export async function loadKeys(file: string | null): Promise<Keys> {
  let secret: { jwt_secret: string; created_at: number }
  if (file && existsSync(file)) {
    secret = JSON.parse(readFileSync(file, 'utf8'))
  } else {
    secret = { jwt_secret: randomBytes(32).toString('base64url'), created_at: Math.floor(Date.now() / 1000) }
    if (file) {
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, `${JSON.stringify(secret, null, 2)}\n`, { mode: 0o600 })
    }
  }
  const iat = secret.created_at
  const apiKey = (role: string) =>
    sign({ iss: 'supabase-demo', role, iat, exp: iat + TEN_YEARS }, secret.jwt_secret)
  return {
    jwtSecret: secret.jwt_secret,
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
    createdAt: iat,
  }
}

export function sign(claims: Claims | Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret))
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; expired: boolean; message: string }

/** Tokens whose signature was checked, per secret: every request carries the same few keys and
 * tokens, twice (apikey and bearer). Expiry is still checked on every use. */
const verified = new Map<string, Map<string, Claims>>()

/** Verifies signature and expiry; the role must be one of the API roles. */
export async function verify(token: string, secret: string): Promise<VerifyResult> {
  const known = verified.get(secret)?.get(token)
  if (known && (known.exp === undefined || known.exp > Date.now() / 1000)) return { ok: true, claims: known }
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] })
    if (typeof payload.role !== 'string' || !API_ROLES.has(payload.role)) {
      return { ok: false, expired: false, message: 'JWT role is not allowed' }
    }
    const cache = verified.get(secret) ?? new Map<string, Claims>()
    verified.set(secret, cache)
    if (cache.size >= 2000) cache.clear()
    cache.set(token, payload as Claims)
    return { ok: true, claims: payload as Claims }
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, expired: true, message: 'JWT expired' }
    return { ok: false, expired: false, message: 'invalid JWT' }
  }
}

export const API_ROLES = new Set(['anon', 'authenticated', 'service_role'])

export function bearer(header: string | undefined | null): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return match?.[1] ?? null
}
