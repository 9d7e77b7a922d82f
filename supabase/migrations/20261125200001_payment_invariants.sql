-- Money holds whatever order the payment provider's events arrive in (Stripe guarantees no order,
-- redelivers for up to three days, and may deliver an event twice):
--   * at most one active (or trialing) subscription per user: a partial unique index;
--   * one provider customer per user: billing_customers;
--   * a later reading of the provider never loses to an earlier one: each row keeps the version
--     of the reading it holds (a sequence drawn before the webhook reads the provider), and
--     apply_subscription_snapshot writes a reading only over an older one;
--   * a cancelled (or expired) subscription is never active again: the provider never revives
--     one, so these states are final here too, whatever reading comes later.
-- The webhook (supabase/functions/stripe-webhook) calls the two functions below with the service
-- role; nobody else may. Idempotent.

alter table public.subscriptions add column if not exists cancel_at_period_end boolean not null default false;
alter table public.subscriptions add column if not exists canceled_at timestamptz;
-- When the provider created the subscription: of two bought by one user, the later is the duplicate.
alter table public.subscriptions add column if not exists stripe_created_at timestamptz;
-- The version of the provider reading this row holds (see next_subscription_version).
alter table public.subscriptions add column if not exists provider_version bigint;

create table if not exists public.billing_customers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  stripe_customer_id text not null unique,
  created_at timestamptz not null default now()
);

alter table public.billing_customers enable row level security;
revoke all on table public.billing_customers from anon, authenticated;
grant all on table public.billing_customers to service_role;

do $$
begin
  if exists (
    select 1 from public.subscriptions where status in ('active', 'trialing') group by user_id having count(*) > 1
  ) then
    raise exception 'Some users have more than one active subscription. Cancel the newer one of each at the payment provider (and refund it), let its webhook event arrive, then apply this migration again.';
  end if;
end;
$$;

create unique index if not exists subscriptions_one_entitling_per_user
  on public.subscriptions (user_id) where status in ('active', 'trialing');

create sequence if not exists public.subscription_reading_seq;

-- A version for a reading of the provider, drawn before the read: a read that starts later gets a
-- higher number, and sees the provider's state as of its start or later.
create or replace function public.next_subscription_version() returns bigint
language sql
volatile
set search_path = ''
as $$
  select nextval('public.subscription_reading_seq')
$$;

-- Writes one reading of a subscription at the provider:
--   snapshot: { subscription_id, customer_id, user_id (null when the reading names none),
--               status, product_name, cancel_at_period_end, canceled_at, current_period_end,
--               created_at } (times ISO 8601 or null)
-- Answers { result }:
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
        cancel_at_period_end, canceled_at, stripe_created_at, provider_version, provider_updated_at
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
        now()
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
      provider_updated_at = now()
    where id = existing.id;
  end if;

  -- The user's customer at the provider, kept the first time one is seen.
  if customer_id is not null then
    insert into public.billing_customers (user_id, stripe_customer_id) values (account, customer_id)
    on conflict do nothing;
  end if;
  return jsonb_build_object('result', 'applied');
end;
$$;

-- Records a provider event once. Answers null for an id already recorded (a redelivery), else a
-- version for the reading the webhook makes next (one round trip for both).
create or replace function public.record_payment_event(event_id text, event_type text, created timestamptz, account uuid)
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
begin
  insert into public.payment_events (id, type, created_at, user_id) values (event_id, event_type, created, account)
  on conflict (id) do nothing;
  if not found then
    return null;
  end if;
  return nextval('public.subscription_reading_seq');
end;
$$;

revoke all on function public.record_payment_event(text, text, timestamptz, uuid) from public, anon, authenticated;
grant execute on function public.record_payment_event(text, text, timestamptz, uuid) to service_role;
revoke all on function public.next_subscription_version() from public, anon, authenticated;
revoke all on function public.apply_subscription_snapshot(jsonb, bigint) from public, anon, authenticated;
grant execute on function public.next_subscription_version() to service_role;
grant execute on function public.apply_subscription_snapshot(jsonb, bigint) to service_role;
grant usage on sequence public.subscription_reading_seq to service_role;

-- Why a kept event changed nothing ('unlinked': no such account; 'unknown_subscription';
-- 'unknown_plan'); null when it was applied. The dashboard's debug card lists these.
alter table public.payment_events add column if not exists outcome text;
create index if not exists payment_events_outcome_idx on public.payment_events (processed_at) where outcome is not null;
