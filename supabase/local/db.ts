// The database: PGlite with what hosted Supabase provides before a project's migrations run
// (roles, the auth schema and its functions, the realtime publication), then the migrations.
// A freshly migrated database is cached as a tarball keyed by the SQL, so later in-memory
// instances skip initdb and the migrations.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { EXTENSION_STAND_INS_SQL } from './extensions.ts'
import { connect, startPostgresServer } from './postgres.ts'

export const MIGRATIONS_DIR = new URL('../migrations/', import.meta.url).pathname

/** Roles, schemas and functions that hosted Supabase has; safe to run again. */
export const BOOTSTRAP_SQL = `
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- The auth service's own role, which owns the auth schema on hosted Supabase: the local auth
  -- service writes as it (supabase/local/auth.ts), so triggers on auth.users run as they do there.
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit;
  end if;
  -- PostgREST's own login role: its in-database settings (alter role authenticator set pgrst.…).
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end;
$$;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;
create schema if not exists realtime;
create schema if not exists supabase_migrations;
create schema if not exists local_stack;

create or replace function auth.uid() returns uuid language sql stable as $f$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$f$;
create or replace function auth.role() returns text language sql stable as $f$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$f$;
create or replace function auth.email() returns text language sql stable as $f$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$f$;
create or replace function auth.jwt() returns jsonb language sql stable as $f$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$f$;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255) unique,
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change varchar(255),
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text unique,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
-- GoTrue's columns for a change of e-mail address (both links, when both addresses must confirm).
alter table auth.users add column if not exists email_change_token_new varchar(255);
alter table auth.users add column if not exists email_change_token_current varchar(255);
alter table auth.users add column if not exists email_change_sent_at timestamptz;
alter table auth.users add column if not exists email_change_confirm_status smallint not null default 0;

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text unique,
  code_challenge text,
  code_challenge_method text,
  provider_type text not null,
  authentication_method text not null,
  redirect_to text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- GoTrue's MFA schema: factors, their challenges, and the methods each session was authenticated with.
do $$ begin
  create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
exception when duplicate_object then null;
end $$;
do $$ begin
  create type auth.factor_status as enum ('unverified', 'verified');
exception when duplicate_object then null;
end $$;
create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text unique default null,
  last_challenged_at timestamptz unique default null
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text
);
create table if not exists auth.mfa_amr_claims (
  id uuid primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
alter table auth.sessions add column if not exists factor_id uuid;

revoke all on all tables in schema auth from anon, authenticated;
grant all on all tables in schema auth to service_role;
-- As on hosted Supabase: the auth service's role has the auth schema, and nothing in public.
grant usage, create on schema auth to supabase_auth_admin;
grant all on all tables in schema auth to supabase_auth_admin;
grant all on all sequences in schema auth to supabase_auth_admin;
grant execute on all functions in schema auth to supabase_auth_admin;

create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);

create table if not exists local_stack.mailbox (
  id bigserial primary key,
  "to" text not null,
  subject text not null,
  text text not null,
  html text,
  links jsonb not null default '[]',
  created_at timestamptz not null default now()
);
-- The local auth service drops its own mail here when no hook sends it.
grant usage on schema local_stack to supabase_auth_admin;
grant insert, select on local_stack.mailbox to supabase_auth_admin;
grant usage on all sequences in schema local_stack to supabase_auth_admin;

-- Stands in for the logical replication stream that hosted Realtime reads: every change of a
-- published table is sent with pg_notify. Deletes carry the whole old row only with
-- replica identity full, otherwise the primary key, as hosted does.
create or replace function realtime.capture_change() returns trigger
language plpgsql security definer set search_path = '' as $f$
declare
  identity_full boolean;
  pk text[];
  old_row jsonb;
  payload jsonb;
  body text;
begin
  select c.relreplident = 'f' into identity_full from pg_catalog.pg_class c where c.oid = tg_relid;
  select array_agg(a.attname::text) into pk
  from pg_catalog.pg_index i
  join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
  where i.indrelid = tg_relid and i.indisprimary;
  if tg_op <> 'INSERT' then
    old_row := to_jsonb(old);
    if not identity_full then
      select coalesce(jsonb_object_agg(k, v), '{}') into old_row from jsonb_each(old_row) as e(k, v) where k = any (pk);
    end if;
  end if;
  payload := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    'old_record', old_row
  );
  body := payload::text;
  if octet_length(body) > 7900 then
    -- Too large for a notification: keep the primary key, as hosted sends an error for it.
    payload := payload || jsonb_build_object(
      'record', (select jsonb_object_agg(k, v) from jsonb_each(payload -> 'record') as e(k, v) where k = any (pk)),
      'old_record', (select jsonb_object_agg(k, v) from jsonb_each(payload -> 'old_record') as e(k, v) where k = any (pk)),
      'errors', jsonb_build_array('Error 413: Payload Too Large'));
    body := payload::text;
  end if;
  perform pg_notify('local_stack_realtime', body);
  return null;
end;
$f$;
`

/** Puts the change trigger on every table of the supabase_realtime publication (and only those). */
const REALTIME_TRIGGERS_SQL = `
do $$
declare r record;
begin
  for r in
    select event_object_schema as s, event_object_table as t from information_schema.triggers
    where trigger_name = 'local_stack_realtime'
  loop
    execute format('drop trigger if exists local_stack_realtime on %I.%I', r.s, r.t);
  end loop;
  for r in select schemaname as s, tablename as t from pg_publication_tables where pubname = 'supabase_realtime'
  loop
    execute format(
      'create trigger local_stack_realtime after insert or update or delete on %I.%I
       for each row execute function realtime.capture_change()', r.s, r.t);
  end loop;
end;
$$;
`

export type Migration = { version: string; name: string; sql: string }

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()
    .map((file) => {
      const [version = '', ...rest] = file.replace(/\.sql$/, '').split('_')
      return { version, name: rest.join('_'), sql: readFileSync(join(dir, file), 'utf8') }
    })
}

/** Applies the bootstrap, then every migration not yet recorded, then the realtime triggers. */
export async function migrate(db: PGlite, migrations = readMigrations()): Promise<string[]> {
  await db.exec(BOOTSTRAP_SQL)
  await db.exec(EXTENSION_STAND_INS_SQL)
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  )
  const applied: string[] = []
  for (const m of migrations) {
    if (done.has(m.version)) continue
    await db.transaction(async (tx) => {
      await tx.exec(m.sql)
      await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        m.version,
        m.name,
        [m.sql],
      ])
    })
    applied.push(m.version)
  }
  await db.exec(REALTIME_TRIGGERS_SQL)
  return applied
}

const PGLITE_DIST = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
let wasmModule: Promise<WebAssembly.Module> | undefined
function pgliteModule() {
  wasmModule ??= WebAssembly.compile(readFileSync(join(PGLITE_DIST, 'pglite.wasm')))
  return wasmModule
}

/** What a freshly migrated database is made of: PGlite's version, the bootstrap and stand-ins, the migrations. */
export function templateKey(migrations: Migration[] = readMigrations()): string {
  const hash = createHash('sha256')
  hash.update(readFileSync(join(PGLITE_DIST, '..', 'package.json')))
  hash.update(BOOTSTRAP_SQL).update(EXTENSION_STAND_INS_SQL).update(REALTIME_TRIGGERS_SQL)
  for (const m of migrations) hash.update(m.version).update(m.sql)
  return hash.digest('hex').slice(0, 16)
}

async function template(cacheDir: string, migrations: Migration[]): Promise<Blob> {
  const file = join(cacheDir, `template-${templateKey(migrations)}.tar`)
  if (existsSync(file)) return new Blob([readFileSync(file)])
  const db = await PGlite.create({ pgliteWasmModule: await pgliteModule() })
  await migrate(db, migrations)
  const dump = await db.dumpDataDir('none')
  await db.close()
  try {
    mkdirSync(cacheDir, { recursive: true })
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()))
    renameSync(tmp, file)
  } catch {
    // A read-only checkout still works, only slower.
  }
  return dump
}

export type DatabaseKind = 'pglite' | 'postgres'

/** Which database the local stack runs on: SUPABASE_LOCAL_DB=postgres for a PostgreSQL server of
 * its own, PGlite otherwise (the light default). */
export function databaseKind(env: NodeJS.ProcessEnv = process.env): DatabaseKind {
  const kind = (env.SUPABASE_LOCAL_DB || 'pglite').toLowerCase()
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`SUPABASE_LOCAL_DB must be pglite or postgres, not ${kind}`)
  return kind
}

/** A PostgreSQL server on dataDir (a temporary folder when null) with the migrations applied,
 * through PGlite's interface; closing it stops the server. */
export async function openPostgres(options: { dataDir: string | null }, migrations = readMigrations()): Promise<PGlite> {
  const server = await startPostgresServer(options)
  const db = connect(server, () => server.stop())
  try {
    await migrate(db, migrations)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}

/**
 * Opens the database: in memory (dataDir null) or in a directory, created from the cached
 * template when empty, then brought up to date with any newer migration. With kind 'postgres',
 * a PostgreSQL server (see openPostgres).
 */
export async function openDatabase(options: { dataDir: string | null; cacheDir: string; kind?: DatabaseKind }): Promise<PGlite> {
  const migrations = readMigrations()
  if (options.kind === 'postgres') return openPostgres(options, migrations)
  const fresh = options.dataDir === null || !existsSync(join(options.dataDir, 'PG_VERSION'))
  const db = await PGlite.create({
    ...(options.dataDir === null ? {} : { dataDir: options.dataDir }),
    ...(fresh ? { loadDataDir: await template(options.cacheDir, migrations) } : {}),
    pgliteWasmModule: await pgliteModule(),
  })
  if (!fresh) await migrate(db, migrations)
  return db
}
