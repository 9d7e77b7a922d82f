-- What the auth service's hooks (supabase/functions/auth-hooks, config.toml [auth.hook.*]) keep, so
-- that the person who proves a mailbox or holds the authenticator owns the account:
--   * email_codes: the product's own 8-digit code in a confirmation or reset e-mail, good for 15
--     minutes and 5 tries, behind the link's token. The auth service's own code is never mailed;
--     redeem_email_code hands out the link's token for the right code, and counts wrong ones per
--     code and per account (10 an hour), which the auth service does only per client address;
--   * email_change_requests: a change of address that the request-email-change function has checked
--     (the bot check, the current password); the Send Email hook mails only for one of these, and
--     at most 3 a day per account and per new address;
--   * mfa_attempts, mfa_factor_locks: every checked authenticator code, from the MFA verification
--     attempt hook. The 6th wrong code in 15 minutes locks the factor for 15 minutes (and the owner
--     is told by mail); a right code in the same or the next 30-second step after an accepted one
--     is refused, so a code works once (RFC 6238 § 5.2; the auth service itself does not check).
-- Accounts never confirmed are deleted after 24 hours (hourly job), so an address cannot be parked.
-- Every table here is the service role's alone. Idempotent.

create table if not exists public.email_codes (
  -- No foreign key: the hook runs inside the auth service's transaction that creates the user.
  user_id uuid not null,
  kind text not null check (kind in ('signup', 'recovery')),
  email text not null,
  code_hash text not null,
  token_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (user_id, kind)
);
create index if not exists email_codes_email_idx on public.email_codes (email, kind);

create table if not exists public.email_code_failures (
  user_id uuid not null,
  failed_at timestamptz not null default now()
);
create index if not exists email_code_failures_user_idx on public.email_code_failures (user_id, failed_at);

create table if not exists public.email_change_requests (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  new_email text not null,
  requested_at timestamptz not null default now(),
  mailed_at timestamptz
);
create index if not exists email_change_requests_user_idx on public.email_change_requests (user_id, requested_at);
create index if not exists email_change_requests_address_idx on public.email_change_requests (new_email, mailed_at);

create table if not exists public.mfa_attempts (
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  valid boolean not null,
  attempted_at timestamptz not null default now()
);
create index if not exists mfa_attempts_factor_idx on public.mfa_attempts (factor_id, attempted_at);

create table if not exists public.mfa_factor_locks (
  factor_id uuid primary key references auth.mfa_factors (id) on delete cascade,
  last_valid_at timestamptz,
  locked_until timestamptz
);

do $$
declare
  t text;
begin
  foreach t in array array['email_codes', 'email_code_failures', 'email_change_requests', 'mfa_attempts', 'mfa_factor_locks'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from anon, authenticated', t);
    execute format('grant all on table public.%I to service_role', t);
  end loop;
end;
$$;

-- The hook stores the code it mails (a new mail replaces the code of the one before).
create or replace function public.store_email_code(p_user uuid, p_kind text, p_email text, p_code text, p_token_hash text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.email_codes (user_id, kind, email, code_hash, token_hash, expires_at)
  values (p_user, p_kind, lower(btrim(p_email)), encode(sha256(convert_to(p_user::text || ':' || p_code, 'UTF8')), 'hex'), p_token_hash,
          now() + interval '15 minutes')
  on conflict (user_id, kind) do update
    set email = excluded.email, code_hash = excluded.code_hash, token_hash = excluded.token_hash,
        attempts = 0, created_at = now(), expires_at = excluded.expires_at;
$$;

-- A code typed on the site: the link's token for the right one, else why not. One answer for a
-- wrong, expired or unknown code (as the auth service gives), so it tells nobody who has an account.
create or replace function public.redeem_email_code(p_email text, p_kind text, p_code text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  pending public.email_codes;
  recent_failures integer;
begin
  select * into pending from public.email_codes c
  where c.email = lower(btrim(coalesce(p_email, ''))) and c.kind = p_kind
  for update;
  if not found or pending.expires_at <= now() then
    return jsonb_build_object('error', 'invalid');
  end if;
  select count(*) into recent_failures from public.email_code_failures f
  where f.user_id = pending.user_id and f.failed_at > now() - interval '1 hour';
  if pending.attempts >= 5 or recent_failures >= 10 then
    return jsonb_build_object('error', 'locked');
  end if;
  if pending.code_hash = encode(sha256(convert_to(pending.user_id::text || ':' || btrim(coalesce(p_code, '')), 'UTF8')), 'hex') then
    delete from public.email_codes c where c.user_id = pending.user_id and c.kind = pending.kind;
    return jsonb_build_object('token_hash', pending.token_hash);
  end if;
  update public.email_codes c set attempts = c.attempts + 1 where c.user_id = pending.user_id and c.kind = pending.kind;
  insert into public.email_code_failures (user_id) values (pending.user_id);
  return jsonb_build_object('error', case when pending.attempts + 1 >= 5 or recent_failures + 1 >= 10 then 'locked' else 'invalid' end);
end;
$$;

-- The Send Email hook's check of an e-mail change: a request the function has checked in the last
-- two minutes, within the caps. 'ok', 'not_requested', 'account_limit' or 'address_limit'.
create or replace function public.claim_email_change(p_user uuid, p_new_email text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  address constant text := lower(btrim(coalesce(p_new_email, '')));
  request_id bigint;
begin
  select r.id into request_id from public.email_change_requests r
  where r.user_id = p_user and r.new_email = address and r.mailed_at is null and r.requested_at > now() - interval '2 minutes'
  order by r.requested_at desc limit 1
  for update;
  if request_id is null then
    return 'not_requested';
  end if;
  if (select count(*) from public.email_change_requests r where r.user_id = p_user and r.mailed_at > now() - interval '24 hours') >= 3 then
    return 'account_limit';
  end if;
  if (select count(*) from public.email_change_requests r where r.new_email = address and r.mailed_at > now() - interval '24 hours') >= 3 then
    return 'address_limit';
  end if;
  update public.email_change_requests set mailed_at = now() where id = request_id;
  return 'ok';
end;
$$;

-- The MFA verification attempt hook's decision for one checked code.
create or replace function public.record_mfa_attempt(p_user uuid, p_factor uuid, p_valid boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  state public.mfa_factor_locks;
  failures integer;
  owner_email text;
  owner_lang text;
begin
  if not exists (select 1 from auth.mfa_factors f where f.id = p_factor and f.user_id = p_user) then
    return jsonb_build_object('decision', 'reject', 'reason', 'unknown');
  end if;
  insert into public.mfa_factor_locks (factor_id) values (p_factor) on conflict (factor_id) do nothing;
  select * into state from public.mfa_factor_locks l where l.factor_id = p_factor for update;
  if state.locked_until > now() then
    return jsonb_build_object('decision', 'reject', 'reason', 'locked');
  end if;
  if p_valid then
    if state.last_valid_at is not null
       and floor(extract(epoch from now()) / 30) <= floor(extract(epoch from state.last_valid_at) / 30) + 1 then
      return jsonb_build_object('decision', 'reject', 'reason', 'reused');
    end if;
    update public.mfa_factor_locks set last_valid_at = now(), locked_until = null where factor_id = p_factor;
    delete from public.mfa_attempts a where a.factor_id = p_factor;
    insert into public.mfa_attempts (factor_id, valid) values (p_factor, true);
    return jsonb_build_object('decision', 'continue');
  end if;
  select count(*) into failures from public.mfa_attempts a
  where a.factor_id = p_factor and not a.valid and a.attempted_at > now() - interval '15 minutes';
  insert into public.mfa_attempts (factor_id, valid) values (p_factor, false);
  if failures + 1 < 6 then
    return jsonb_build_object('decision', 'continue');
  end if;
  update public.mfa_factor_locks set locked_until = now() + interval '15 minutes' where factor_id = p_factor;
  select u.email, coalesce(u.raw_user_meta_data ->> 'lang', 'nb') into owner_email, owner_lang from auth.users u where u.id = p_user;
  return jsonb_build_object('decision', 'reject', 'reason', 'locked', 'notify', jsonb_build_object('email', owner_email, 'lang', owner_lang));
end;
$$;

-- Accounts whose address was never confirmed, 24 hours after sign-up, and what the hooks keep
-- past its use. Returns what it deleted.
create or replace function public.delete_unconfirmed_accounts(as_of timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  accounts integer;
begin
  delete from auth.users u
  where u.email_confirmed_at is null and u.phone_confirmed_at is null and u.created_at < as_of - interval '24 hours';
  get diagnostics accounts = row_count;
  delete from public.email_codes where expires_at < as_of;
  delete from public.email_code_failures where failed_at < as_of - interval '1 hour';
  delete from public.email_change_requests where requested_at < as_of - interval '24 hours';
  delete from public.mfa_attempts where attempted_at < as_of - interval '15 minutes';
  return jsonb_build_object('accounts', accounts);
end;
$$;

revoke all on function public.store_email_code(uuid, text, text, text, text) from public, anon, authenticated;
revoke all on function public.claim_email_change(uuid, text) from public, anon, authenticated;
revoke all on function public.record_mfa_attempt(uuid, uuid, boolean) from public, anon, authenticated;
revoke all on function public.delete_unconfirmed_accounts(timestamptz) from public, anon, authenticated;
grant execute on function public.store_email_code(uuid, text, text, text, text) to service_role;
grant execute on function public.claim_email_change(uuid, text) to service_role;
grant execute on function public.record_mfa_attempt(uuid, uuid, boolean) to service_role;
grant execute on function public.delete_unconfirmed_accounts(timestamptz) to service_role;
-- The code form calls this one before anyone is signed in; it limits itself.
revoke all on function public.redeem_email_code(text, text, text) from public;
grant execute on function public.redeem_email_code(text, text, text) to anon, authenticated, service_role;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if not exists (
    select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'cron' and p.proname = 'schedule'
  ) then
    raise notice 'pg_cron is not available: run select public.delete_unconfirmed_accounts() hourly by other means';
    return;
  end if;
  perform cron.schedule('delete-unconfirmed-accounts', '41 * * * *', 'select public.delete_unconfirmed_accounts()');
end;
$$;
