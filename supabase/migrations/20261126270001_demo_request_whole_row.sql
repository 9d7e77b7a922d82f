-- store_demo_request takes the request as a row: every key of `request` that names a column of
-- public.demo_requests is stored (jsonb_populate_record), so a new optional field of the demo form
-- needs only its column (`text not null default ''`), no edit here. A key without a column, or
-- with a null value, is left out (the column's default applies); the columns the database keeps
-- itself (id, notified_at, created_at) are never taken from the request. Limits as before.
-- Idempotent.

create or replace function public.store_demo_request(
  request jsonb,
  ip_hash text,
  per_ip integer,
  per_email integer,
  window_seconds integer
) returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  since timestamptz := now() - make_interval(secs => greatest(window_seconds, 0));
  address text := request ->> 'email';
  given jsonb;
  named text;
  stored public.demo_requests;
begin
  if address is null or address = '' then
    raise sqlstate 'PT400' using message = 'invalid', detail = 'email is required';
  end if;
  if ip_hash is not null then
    perform pg_advisory_xact_lock(hashtext('public.demo_requests.ip_hash'), hashtext(ip_hash));
    if (select count(*) from public.demo_requests d where d.ip_hash = store_demo_request.ip_hash and d.created_at >= since) >= per_ip then
      raise sqlstate 'PT429' using message = 'rate_limited', detail = 'client address';
    end if;
  end if;
  perform pg_advisory_xact_lock(hashtext('public.demo_requests.email'), hashtext(address));
  if (select count(*) from public.demo_requests d where d.email = address and d.created_at >= since) >= per_email then
    raise sqlstate 'PT429' using message = 'rate_limited', detail = 'e-mail address';
  end if;
  select jsonb_object_agg(e.key, e.value), string_agg(format('%I', e.key), ', ')
    into given, named
    from jsonb_each(request - 'ip_hash' || jsonb_build_object('ip_hash', store_demo_request.ip_hash)) e
    where e.key not in ('id', 'notified_at', 'created_at')
      and e.value <> 'null'::jsonb
      and exists (
        select 1 from pg_attribute a
        where a.attrelid = 'public.demo_requests'::regclass and a.attname = e.key and a.attnum > 0 and not a.attisdropped
      );
  execute format(
    'insert into public.demo_requests (%1$s) select %1$s from jsonb_populate_record(null::public.demo_requests, $1) returning *',
    named
  ) into stored using given;
  return to_jsonb(stored);
end;
$$;

revoke all on function public.store_demo_request(jsonb, text, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.store_demo_request(jsonb, text, integer, integer, integer) to service_role;
