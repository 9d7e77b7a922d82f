// Users as the auth service stores them (auth.users, auth.identities, auth.flow_state rows) and
// the user object its API returns.
import { randomUUID } from 'node:crypto'
import type { PGlite, Transaction } from '@electric-sql/pglite'

/** The database, or a transaction on it. */
export type Db = PGlite | Transaction

/** The database as the auth service uses it: every statement, and every transaction, runs as the
 * role GoTrue connects as on hosted Supabase (supabase_auth_admin, which owns the auth schema and
 * has no rights in public), so a trigger on auth.users that writes elsewhere must be what hosted
 * needs it to be (security definer) to work here too. */
export function asAuthService(db: PGlite): PGlite {
  const AS_AUTH = `select set_config('role', 'supabase_auth_admin', true)`
  const wrapper = {
    query: (sql: string, params?: unknown[]) =>
      db.transaction(async (tx) => {
        await tx.query(AS_AUTH)
        return tx.query(sql, params)
      }),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      db.transaction(async (tx) => {
        await tx.query(AS_AUTH)
        return fn(tx)
      }),
  }
  return wrapper as unknown as PGlite
}

export type UserRow = {
  id: string
  email: string
  encrypted_password: string | null
  email_confirmed_at: Date | null
  confirmed_at: Date | null
  confirmation_token: string | null
  confirmation_sent_at: Date | null
  recovery_token: string | null
  recovery_sent_at: Date | null
  email_change: string | null
  email_change_token_new: string | null
  email_change_token_current: string | null
  email_change_sent_at: Date | null
  email_change_confirm_status: number
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  created_at: Date
  updated_at: Date
}

export type IdentityRow = {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  email: string | null
  last_sign_in_at: Date | null
  created_at: Date
  updated_at: Date
}

export type FlowRow = {
  id: string
  user_id: string | null
  auth_code: string | null
  code_challenge: string | null
  code_challenge_method: string | null
  provider_type: string
  authentication_method: string
  redirect_to: string | null
  created_at: Date
}

export const iso = (d: Date | null) => (d ? d.toISOString() : undefined)

export function userJson(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    ...(user.email_change ? { new_email: user.email_change, email_change_sent_at: iso(user.email_change_sent_at) } : {}),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  }
}

/** A user as supabase-js would receive it for an already registered address: no real data. */
export function obfuscatedUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString()
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}
