-- When an account's e-mail address changes (the auth service writes auth.users.email once the
-- change is confirmed from both addresses), what the database keys on the address follows it, in
-- the same transaction: the demo requests sent with the old address now carry the new one, so the
-- account's export and its deletion still find them. (The payment provider's customer is outside
-- the database: the site calls the update-billing-email function once the change is confirmed.)
-- Idempotent.

create or replace function public.follow_email_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.email is not null and new.email is not null then
    update public.demo_requests d set email = new.email where lower(d.email) = lower(btrim(old.email));
  end if;
  return new;
end;
$$;

revoke all on function public.follow_email_change() from public, anon, authenticated;

drop trigger if exists on_auth_user_email_changed on auth.users;
create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function public.follow_email_change();
