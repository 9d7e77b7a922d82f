-- The name an account shows is user_metadata.full_name. Sign-up writes it, and so does Google's
-- profile; LinkedIn's does not: GoTrue keeps LinkedIn's name as `name` (its given and family
-- names), with no `full_name`. An account whose metadata has a `name` but no `full_name` gets it as
-- its full_name, before the name is cleaned (public.clean_full_name, 20261127100001): a trigger
-- of the same table and timing fires in name order, and add_provider_full_name sorts before
-- clean_full_name. A full_name already there (typed at sign-up, or changed later) stays.
-- Idempotent.

create or replace function public.add_provider_full_name() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.raw_user_meta_data ->> 'full_name' is null and nullif(new.raw_user_meta_data ->> 'name', '') is not null then
    new.raw_user_meta_data := jsonb_set(new.raw_user_meta_data, '{full_name}', to_jsonb(new.raw_user_meta_data ->> 'name'));
  end if;
  return new;
end;
$$;

revoke all on function public.add_provider_full_name() from public, anon, authenticated;

drop trigger if exists add_provider_full_name on auth.users;
create trigger add_provider_full_name
  before insert or update of raw_user_meta_data on auth.users
  for each row
  execute function public.add_provider_full_name();
