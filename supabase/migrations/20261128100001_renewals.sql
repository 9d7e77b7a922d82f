-- A subscription that lives for years: failed renewals, 3-D Secure, and a nightly re-reading of the
-- payment provider. Idempotent.
--
--   * subscriptions.payment_action_required: the latest invoice's payment waits for the customer to
--     confirm it with their bank (3-D Secure), and subscriptions.next_payment_attempt: when the
--     provider tries the open invoice again (null: no automatic attempt is due). Both come, like the
--     status, from a reading of the provider (apply_subscription_snapshot, redefined below with them);
--     the dashboard shows "payment failed, retrying" or "confirm the payment" from them.
--   * apply_subscription_snapshot also says whether its write changed what the row shows
--     (`changed`), so the nightly reconciliation records only what it put right, and a second run,
--     or a stale event after it, records nothing.
--   * payment_mails: one e-mail per failed attempt of an invoice (claim_payment_mail), whatever the
--     number of events and deliveries that report it.
--   * payment_reconciliations: what each run of the nightly reconciliation found and changed.
--   * the nightly job reconcile-payments (pg_cron, 02:37 UTC) asks the function of that name,
--     through pg_net with the service-role key, to re-read the provider.

alter table public.subscriptions add column if not exists payment_action_required boolean not null default false;
alter table public.subscriptions add column if not exists next_payment_attempt timestamptz;

-- Writes one reading of a subscription at the provider:
--   snapshot: { subscription_id, customer_id, user_id (null when the reading names none),
--               status, product_name, cancel_at_period_end, canceled_at, current_period_end,
--               created_at, payment_action_required, next_payment_attempt } (times ISO 8601 or null)
-- Answers { result } and, when applied, { changed }: whether the row shows something new:
--   applied   written;
--   stale     the row holds a later reading, or a final state (canceled, incomplete_expired);
--   unlinked  no account to link it to (none named, or the account does not exist): nothing kept;
--   conflict  it would be the user's second active subscription; nothing written, and `other`
--             names the one the row already holds, with its `other_created_at`.
-- One user's subscriptions are written one at a time (an advisory lock per user), so two
-- deliveries cannot both see "no other active one".
create or replace function public.apply_subscription_snapshot(snapshot jsonb, version bigint) returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  subscription_id text := snapshot ->> 'subscription_id';
  customer_id text := nullif(snapshot ->> 'customer_id', '');
  new_status text := snapshot ->> 'status';
  final_states constant text[] := array['canceled', 'incomplete_expired'];
  entitling constant text[] := array['active', 'trialing'];
  existing public.subscriptions;
  rival public.subscriptions;
  account uuid;
  written public.subscriptions;
begin
  if subscription_id is null or new_status is null or version is null then
    raise sqlstate 'PT400' using message = 'subscription_id, status and version are required';
  end if;

  select * into existing from public.subscriptions s where s.stripe_subscription_id = subscription_id;
  account := coalesce(existing.user_id, nullif(snapshot ->> 'user_id', '')::uuid);
  if account is null and customer_id is not null then
    select b.user_id into account from public.billing_customers b where b.stripe_customer_id = customer_id;
  end if;
  if account is null then
    return jsonb_build_object('result', 'unlinked');
  end if;

  perform pg_advisory_xact_lock(hashtext('public.subscriptions.user_id'), hashtext(account::text));
  select * into existing from public.subscriptions s where s.stripe_subscription_id = subscription_id for update;

  if existing.id is not null then
    if existing.provider_version is not null and existing.provider_version >= version then
      return jsonb_build_object('result', 'stale');
    end if;
    if existing.status = any (final_states) and not (new_status = any (final_states)) then
      return jsonb_build_object('result', 'stale');
    end if;
  end if;

  if new_status = any (entitling) then
    select * into rival from public.subscriptions s
    where s.user_id = account and s.status = any (entitling) and s.stripe_subscription_id is distinct from subscription_id
    limit 1;
    if rival.id is not null then
      return jsonb_build_object('result', 'conflict', 'other', rival.stripe_subscription_id, 'other_created_at', rival.stripe_created_at);
    end if;
  end if;

  if existing.id is null then
    begin
      insert into public.subscriptions (
        user_id, product_name, status, current_period_end, stripe_customer_id, stripe_subscription_id,
        cancel_at_period_end, canceled_at, stripe_created_at, provider_version, provider_updated_at,
        payment_action_required, next_payment_attempt
      ) values (
        account,
        snapshot ->> 'product_name',
        new_status,
        (snapshot ->> 'current_period_end')::timestamptz,
        customer_id,
        subscription_id,
        coalesce((snapshot ->> 'cancel_at_period_end')::boolean, false),
        (snapshot ->> 'canceled_at')::timestamptz,
        (snapshot ->> 'created_at')::timestamptz,
        version,
        now(),
        coalesce((snapshot ->> 'payment_action_required')::boolean, false),
        (snapshot ->> 'next_payment_attempt')::timestamptz
      );
    exception when foreign_key_violation then
      return jsonb_build_object('result', 'unlinked');
    end;
  else
    update public.subscriptions set
      product_name = snapshot ->> 'product_name',
      status = new_status,
      current_period_end = coalesce((snapshot ->> 'current_period_end')::timestamptz, current_period_end),
      stripe_customer_id = coalesce(customer_id, stripe_customer_id),
      cancel_at_period_end = coalesce((snapshot ->> 'cancel_at_period_end')::boolean, false),
      canceled_at = (snapshot ->> 'canceled_at')::timestamptz,
      stripe_created_at = coalesce((snapshot ->> 'created_at')::timestamptz, stripe_created_at),
      provider_version = version,
      provider_updated_at = now(),
      payment_action_required = coalesce((snapshot ->> 'payment_action_required')::boolean, false),
      next_payment_attempt = (snapshot ->> 'next_payment_attempt')::timestamptz
    where id = existing.id
    returning * into written;
  end if;

  -- The user's customer at the provider, kept the first time one is seen.
  if customer_id is not null then
    insert into public.billing_customers (user_id, stripe_customer_id) values (account, customer_id)
    on conflict do nothing;
  end if;
  return jsonb_build_object('result', 'applied', 'changed', existing.id is null or (
    written.product_name, written.status, written.current_period_end, written.cancel_at_period_end, written.canceled_at,
    written.payment_action_required, written.next_payment_attempt
  ) is distinct from (
    existing.product_name, existing.status, existing.current_period_end, existing.cancel_at_period_end, existing.canceled_at,
    existing.payment_action_required, existing.next_payment_attempt
  ));
end;
$$;

revoke all on function public.apply_subscription_snapshot(jsonb, bigint) from public, anon, authenticated;
grant execute on function public.apply_subscription_snapshot(jsonb, bigint) to service_role;

-- One e-mail per failed attempt to pay an invoice: Stripe reports an attempt with several events
-- (invoice.payment_failed, and invoice.payment_action_required when the bank wants the customer),
-- delivers each more than once, and the nightly job may replay one. sent_at is set once the mail
-- went out; a claim whose mail never went out (the function died, the e-mail provider refused) may
-- be claimed again after ten minutes, so nothing is lost.
create table if not exists public.payment_mails (
  invoice_id text not null,
  attempt integer not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('failed', 'action_required')),
  claimed_at timestamptz not null default now(),
  sent_at timestamptz,
  primary key (invoice_id, attempt)
);
create index if not exists payment_mails_user_id_idx on public.payment_mails (user_id);

alter table public.payment_mails enable row level security;
revoke all on table public.payment_mails from anon, authenticated;
grant all on table public.payment_mails to service_role;

-- Claims the mail of one attempt for the account whose subscription it is: answers
-- { email, lang } (lang from the account's metadata, as the auth e-mails have it), or null when the
-- attempt's mail is claimed already, or the subscription has no account here.
create or replace function public.claim_payment_mail(invoice_id text, attempt integer, subscription_id text, kind text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  account uuid;
  recipient jsonb;
begin
  select s.user_id into account from public.subscriptions s where s.stripe_subscription_id = subscription_id;
  if account is null then
    return null;
  end if;
  select jsonb_build_object('email', u.email, 'lang', coalesce(u.raw_user_meta_data ->> 'lang', 'nb')) into recipient
  from auth.users u where u.id = account and u.email is not null;
  if recipient is null then
    return null;
  end if;
  insert into public.payment_mails (invoice_id, attempt, user_id, kind) values (invoice_id, attempt, account, kind)
  on conflict on constraint payment_mails_pkey do update set claimed_at = now(), kind = excluded.kind
    where public.payment_mails.sent_at is null and public.payment_mails.claimed_at < now() - interval '10 minutes';
  if not found then
    return null;
  end if;
  return recipient;
end;
$$;

revoke all on function public.claim_payment_mail(text, integer, text, text) from public, anon, authenticated;
grant execute on function public.claim_payment_mail(text, integer, text, text) to service_role;

-- What each run of the nightly reconciliation did: how many subscriptions it read, the drifts it
-- found between the provider and this database (each: the subscription, and what each side said),
-- the undelivered events it replayed, the rows it changed, and the provider's settings this site
-- needs that it found off. Kept 90 days (the function deletes older runs).
create table if not exists public.payment_reconciliations (
  id bigint generated always as identity primary key,
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  subscriptions_read integer not null,
  events_replayed integer not null,
  drift jsonb not null default '[]',
  changes jsonb not null default '[]',
  settings_off jsonb not null default '[]'
);

alter table public.payment_reconciliations enable row level security;
revoke all on table public.payment_reconciliations from anon, authenticated;
grant all on table public.payment_reconciliations to service_role;

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
    raise notice 'pg_cron or pg_net is not available: the payment provider is not re-read every night';
    return;
  end if;
  perform cron.schedule(
    'reconcile-payments',
    '37 2 * * *',
    $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
        || '/functions/v1/reconcile-payments',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
      ),
      body := '{"action": "reconcile"}'::jsonb,
      timeout_milliseconds := 120000
    );
    $job$
  );
end;
$$;
