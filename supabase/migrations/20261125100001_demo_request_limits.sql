-- Demo requests are stored through one database function that applies both rate limits in the
-- same transaction as the insert, so concurrent requests cannot count before any of them stored:
-- the per-address and per-e-mail counters are serialised by transaction-scoped advisory locks
-- (one per client-address hash, then one per e-mail address; always in that order, so two
-- requests never wait on each other in a cycle). Over a limit, it raises SQLSTATE PT429, which
-- PostgREST answers as HTTP 429. Only the service role (the send-demo-request function) may call
-- it. Idempotent.

create index if not exists demo_requests_email_created_idx on public.demo_requests (email, created_at);
create index if not exists demo_requests_ip_hash_created_idx on public.demo_requests (ip_hash, created_at)
  where ip_hash is not null;

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
  insert into public.demo_requests (name, email, company, linkedin, need, notes, language, ip_hash, user_agent)
  values (
    request ->> 'name',
    address,
    coalesce(request ->> 'company', ''),
    coalesce(request ->> 'linkedin', ''),
    request ->> 'need',
    coalesce(request ->> 'notes', ''),
    coalesce(request ->> 'language', 'nb'),
    store_demo_request.ip_hash,
    request ->> 'user_agent'
  )
  returning * into stored;
  return to_jsonb(stored);
end;
$$;

revoke all on function public.store_demo_request(jsonb, text, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.store_demo_request(jsonb, text, integer, integer, integer) to service_role;
