-- An account with a verified second factor reads its subscriptions only from a session that used the
-- factor (its token's aal claim is aal2); an account without one is not asked for it.
--
-- auth.mfa_factors is the auth service's table, which the authenticated role may not read (hosted
-- Supabase grants it nothing there): a security definer function answers for the caller only.
create or replace function public.second_factor_required() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from auth.mfa_factors f
    where f.user_id = (select auth.uid()) and f.status = 'verified'
  );
$$;

revoke all on function public.second_factor_required() from public, anon;
grant execute on function public.second_factor_required() to authenticated;

-- Restrictive: it holds together with "Users read their own subscriptions", never instead of it.
drop policy if exists "A second factor, once enrolled, is required" on public.subscriptions;
create policy "A second factor, once enrolled, is required"
  on public.subscriptions
  as restrictive
  for select
  to authenticated
  using ((select auth.jwt() ->> 'aal') = 'aal2' or not (select public.second_factor_required()));
