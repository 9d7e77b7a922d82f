-- The payment provider's customer follows a change of address even when the site's call does not
-- get through: a change confirmed on a device without a two-step sign-in (the function wants aal2),
-- a closed tab, the network. The address change queues the account (billing_email_updates, in the
-- same transaction as the change, by follow_email_change); every five minutes pg_cron asks
-- update-billing-email, through pg_net with the service-role key ({"action": "sync-queued"}), to
-- give each queued customer the address the auth service holds (billing_email_queue). The site's
-- own call, when it gets through, empties the account's row at once. Idempotent.

create table if not exists public.billing_email_updates (
  user_id uuid primary key references auth.users (id) on delete cascade,
  queued_at timestamptz not null default now()
);
alter table public.billing_email_updates enable row level security;
revoke all on table public.billing_email_updates from anon, authenticated;
grant all on table public.billing_email_updates to service_role;

create or replace function public.follow_email_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.email is not null and new.email is not null then
    update public.demo_requests d set email = new.email where lower(d.email) = lower(btrim(old.email));
    insert into public.billing_email_updates (user_id)
    select new.id where exists (select 1 from public.billing_customers c where c.user_id = new.id)
    on conflict (user_id) do update set queued_at = now();
  end if;
  return new;
end;
$$;

revoke all on function public.follow_email_change() from public, anon, authenticated;

-- The queued accounts, each with its customer and the address the auth service holds now.
create or replace function public.billing_email_queue()
returns table (user_id uuid, email text, stripe_customer_id text, queued_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select q.user_id, u.email::text, c.stripe_customer_id, q.queued_at
  from public.billing_email_updates q
  join auth.users u on u.id = q.user_id
  join public.billing_customers c on c.user_id = q.user_id
  order by q.queued_at
  limit 100;
$$;

revoke all on function public.billing_email_queue() from public, anon, authenticated;
grant execute on function public.billing_email_queue() to service_role;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
  if not exists (
    select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'cron' and p.proname = 'schedule'
  ) or not exists (
    select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'net' and p.proname = 'http_post'
  ) then
    raise notice 'pg_cron or pg_net is not available: queued billing addresses are not sent on a schedule';
    return;
  end if;
  perform cron.schedule(
    'sync-billing-emails',
    '*/5 * * * *',
    $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
        || '/functions/v1/update-billing-email',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
      ),
      body := '{"action": "sync-queued"}'::jsonb,
      timeout_milliseconds := 10000
    );
    $job$
  );
end;
$$;
