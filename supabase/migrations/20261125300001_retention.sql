-- Retention, as the privacy policy promises it:
--   * demo requests are deleted 24 months after they were sent;
--   * an account is deleted, with its rows, 24 months after its last activity: the latest of its
--     creation, its last sign-in, the last renewal of one of its sessions (the app renews its session
--     while it is used, and GoTrue does not touch last_sign_in_at then) and the end of its last paid
--     period. An account whose subscription is still running (not canceled) is never inactive;
--   * what bookkeeping law requires stays: when an account is deleted, by this job or by its owner
--     (delete-account), each of its subscriptions that was paid through the payment provider is kept in
--     billing_records (the provider's customer and subscription ids, plan, status, billing period;
--     no name, no e-mail) until 5 years after the end of the accounting year in which its last
--     period ended (the Norwegian Bookkeeping Act, bokføringsloven § 13), then deleted by this job.
-- public.delete_expired_data() does it all; pg_cron runs it every day at 03:17 UTC, as Supabase
-- documents scheduling SQL. The local stack runs the same job (supabase/local/cron.ts) on the same
-- schedule, and on demand. Idempotent.

create table if not exists public.billing_records (
  id uuid primary key default gen_random_uuid(),
  stripe_customer_id text,
  stripe_subscription_id text not null,
  product_name text not null,
  status text not null,
  current_period_end timestamptz,
  subscribed_at timestamptz not null,
  account_deleted_at timestamptz not null default now(),
  keep_until date not null
);

create index if not exists billing_records_keep_until_idx on public.billing_records (keep_until);

alter table public.billing_records enable row level security;
revoke all on table public.billing_records from anon, authenticated;
grant all on table public.billing_records to service_role;

-- Before an account goes (whoever deletes it), its paid subscriptions are copied to billing_records;
-- the subscription rows themselves then go with the account (on delete cascade).
create or replace function public.keep_billing_records() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.billing_records
    (stripe_customer_id, stripe_subscription_id, product_name, status, current_period_end, subscribed_at, keep_until)
  select s.stripe_customer_id, s.stripe_subscription_id, s.product_name, s.status, s.current_period_end, s.created_at,
         (date_trunc('year', coalesce(s.current_period_end, s.updated_at)) + interval '6 years')::date
  from public.subscriptions s
  -- incomplete and incomplete_expired were never paid: nothing to keep.
  where s.user_id = old.id and s.stripe_subscription_id is not null and s.status not in ('incomplete', 'incomplete_expired');
  return old;
end;
$$;

revoke all on function public.keep_billing_records() from public, anon, authenticated;

drop trigger if exists keep_billing_records on auth.users;
create trigger keep_billing_records
  before delete on auth.users
  for each row execute function public.keep_billing_records();

create or replace function public.delete_expired_data(as_of timestamptz default now()) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  cutoff constant timestamptz := as_of - interval '24 months';
  expired uuid[];
  demo_count integer;
  account_count integer;
  record_count integer;
begin
  delete from public.demo_requests where created_at < cutoff;
  get diagnostics demo_count = row_count;

  select coalesce(array_agg(u.id), '{}') into expired
  from auth.users u
  where greatest(
          u.created_at,
          coalesce(u.last_sign_in_at, u.created_at),
          -- Hosted GoTrue keeps refreshed_at without a time zone, in UTC; the local stack with one.
          coalesce((select max(greatest(sess.updated_at, sess.refreshed_at::timestamp at time zone 'UTC')) from auth.sessions sess where sess.user_id = u.id), u.created_at),
          coalesce((select max(coalesce(s.current_period_end, s.updated_at)) from public.subscriptions s where s.user_id = u.id), u.created_at)
        ) < cutoff
    and not exists (
      select 1 from public.subscriptions s
      where s.user_id = u.id and s.status not in ('canceled', 'incomplete_expired')
    );

  -- As delete-account does: the provider's events stay, no longer tied to the person.
  update public.payment_events set user_id = null where user_id = any (expired);
  delete from auth.users where id = any (expired);
  get diagnostics account_count = row_count;

  delete from public.billing_records where keep_until <= as_of::date;
  get diagnostics record_count = row_count;

  return jsonb_build_object('demo_requests', demo_count, 'accounts', account_count, 'billing_records', record_count);
end;
$$;

-- Only the database's own job (and the service role) may run it; never a visitor through the API.
revoke all on function public.delete_expired_data(timestamptz) from public, anon, authenticated;
grant execute on function public.delete_expired_data(timestamptz) to service_role;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if not exists (
    select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'cron' and p.proname = 'schedule'
  ) then
    raise notice 'pg_cron is not available: run select public.delete_expired_data() daily by other means';
    return;
  end if;
  perform cron.schedule('delete-expired-data', '17 3 * * *', 'select public.delete_expired_data()');
end;
$$;
