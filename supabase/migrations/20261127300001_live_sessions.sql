-- "Sign out on all other devices" ends the other sessions at once, not when their access tokens
-- expire: a token whose session the auth service has deleted (sign-out elsewhere, a password
-- change, a locked second factor) reads no subscriptions through the API or Realtime. The
-- functions already ask the auth service (GET /user), which refuses such a token.
--
-- auth.sessions is the auth service's table, which the authenticated role may not read: a security
-- definer function answers for the caller's own token. A token without a session_id can only be
-- made with the project's JWT secret (the auth service puts one in every token it issues).
create or replace function public.session_is_live() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when nullif(auth.jwt() ->> 'session_id', '') is null then true
    else exists (select 1 from auth.sessions s where s.id = (auth.jwt() ->> 'session_id')::uuid)
  end;
$$;

revoke all on function public.session_is_live() from public, anon;
grant execute on function public.session_is_live() to authenticated;

-- Restrictive: it holds together with the owner's policy and the second factor's, never instead.
drop policy if exists "Only a live session reads" on public.subscriptions;
create policy "Only a live session reads"
  on public.subscriptions
  as restrictive
  for select
  to authenticated
  using ((select public.session_is_live()));
