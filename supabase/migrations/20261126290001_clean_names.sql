-- A name is typed by anyone. Before an account's user_metadata.full_name is stored, whoever writes
-- it (sign-up, a change of the account's data, Google's profile), the control characters and the
-- bidirectional-text controls (which can make a name read backwards or hide part of it) are removed
-- and the ends trimmed. (The auth e-mails print no name at all; this guards where it is shown.)
-- Idempotent.

create or replace function public.clean_full_name() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  name text := new.raw_user_meta_data ->> 'full_name';
begin
  if name is not null then
    new.raw_user_meta_data := jsonb_set(
      new.raw_user_meta_data,
      '{full_name}',
      to_jsonb(btrim(regexp_replace(name, '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')))
    );
  end if;
  return new;
end;
$$;

revoke all on function public.clean_full_name() from public, anon, authenticated;

drop trigger if exists clean_full_name on auth.users;
create trigger clean_full_name
  before insert or update of raw_user_meta_data on auth.users
  for each row
  execute function public.clean_full_name();
