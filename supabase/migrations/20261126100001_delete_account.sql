-- Deleting an account is one database call, in one transaction: the demo requests sent with its
-- address, the link of its payment events to it, and the user (its sessions, identities,
-- subscription rows and provider customer go with it by foreign key; keep_billing_records keeps
-- what bookkeeping needs). The delete-account function calls it once the payment provider has
-- cancelled every running subscription of the account; nothing is sent to it as a list of ids.
--
-- delete_account(account, cancelled) answers { result }; `cancelled` (a JSON array) names the
-- subscriptions the caller has just cancelled at the provider (their rows may still say active until the provider's
-- event arrives):
--   deleted               done (with the number of demo_requests deleted);
--   gone                  no such account (a concurrent call deleted it first): nothing to do;
--   subscription_running  another subscription of the account still runs (written after the
--                         caller looked, a checkout paid at that moment): nothing is deleted, and
--                         `subscriptions` names them, to cancel before calling again.
-- The account's row is locked first, so concurrent calls run one after another, and a subscription
-- the payment webhook writes meanwhile waits (its foreign key) until the account is gone, then finds
-- no account (the webhook then cancels and refunds it at the provider). Only the service role may
-- call it. Idempotent.

create or replace function public.delete_account(account uuid, cancelled jsonb default '[]') returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  address text;
  running text[];
  requests integer;
begin
  select u.email into address from auth.users u where u.id = account for update;
  if not found then
    return jsonb_build_object('result', 'gone');
  end if;

  select coalesce(array_agg(s.stripe_subscription_id order by s.stripe_subscription_id), '{}') into running
  from public.subscriptions s
  where s.user_id = account and s.stripe_subscription_id is not null and s.status not in ('canceled', 'incomplete_expired')
    and not coalesce(cancelled, '[]') ? s.stripe_subscription_id;
  if cardinality(running) > 0 then
    return jsonb_build_object('result', 'subscription_running', 'subscriptions', to_jsonb(running));
  end if;

  -- The demo requests sent with the account's address, compared exactly (case aside).
  delete from public.demo_requests d where lower(d.email) = lower(btrim(address));
  get diagnostics requests = row_count;
  -- The provider's events stay (ids and types), no longer tied to the person.
  update public.payment_events set user_id = null where user_id = account;
  delete from auth.users where id = account;
  return jsonb_build_object('result', 'deleted', 'demo_requests', requests);
end;
$$;

revoke all on function public.delete_account(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.delete_account(uuid, jsonb) to service_role;
