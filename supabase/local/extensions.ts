// Stand-ins for three extensions that hosted Supabase has and PGlite lacks, with the names and
// signatures migrations use: pg_cron (cron.schedule, cron.unschedule, cron.job), pg_net
// (net.http_post and its request queue) and Vault (vault.create_secret, vault.decrypted_secrets).
// They only record: the stack's scheduler (cron.ts) runs the jobs and sends the queued requests,
// as pg_cron's and pg_net's background workers do. Safe to run again.
export const EXTENSION_STAND_INS_SQL = `
create schema if not exists cron;
create table if not exists cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  jobname text unique,
  active boolean not null default true
);
create or replace function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql as $f$
declare id bigint;
begin
  insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command, active = true
  returning jobid into id;
  return id;
end;
$f$;
create or replace function cron.unschedule(job_name text) returns boolean
language plpgsql as $f$
begin
  delete from cron.job where jobname = job_name;
  return found;
end;
$f$;

create schema if not exists net;
create table if not exists net.http_request_queue (
  id bigserial primary key,
  method text not null,
  url text not null,
  headers jsonb not null,
  params jsonb not null default '{}',
  body text,
  timeout_milliseconds integer not null
);
create table if not exists net._http_response (
  id bigint primary key,
  status_code integer,
  content text,
  error_msg text,
  created timestamptz not null default now()
);
create or replace function net.http_post(
  url text,
  body jsonb default '{}',
  params jsonb default '{}',
  headers jsonb default '{"Content-Type": "application/json"}',
  timeout_milliseconds integer default 5000
) returns bigint
language plpgsql as $f$
declare id bigint;
begin
  insert into net.http_request_queue (method, url, headers, params, body, timeout_milliseconds)
  values ('POST', url, headers, params, body::text, timeout_milliseconds)
  returning http_request_queue.id into id;
  return id;
end;
$f$;

create schema if not exists vault;
create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text unique,
  description text not null default '',
  secret text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create or replace view vault.decrypted_secrets as
  select id, name, description, secret, secret as decrypted_secret, created_at, updated_at from vault.secrets;
create or replace function vault.create_secret(
  new_secret text, new_name text default null, new_description text default '', new_key_id uuid default null
) returns uuid
language sql as $f$
  insert into vault.secrets (secret, name, description) values (new_secret, new_name, new_description) returning id
$f$;
`
