-- Demo requests from the public form, stored by a server function with the service role
-- before any notification is attempted. Nobody else may read or write them. Idempotent.

create table if not exists public.demo_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 255),
  company text not null default '' check (char_length(company) <= 200),
  linkedin text not null default '' check (char_length(linkedin) <= 500),
  need text not null check (char_length(need) between 1 and 100),
  notes text not null default '' check (char_length(notes) <= 2000),
  language text not null default 'nb' check (language in ('nb', 'en')),
  ip_hash text,
  user_agent text check (char_length(user_agent) <= 500),
  notified_at timestamptz,
  created_at timestamptz not null default now()
);

create index if not exists demo_requests_unnotified_idx
  on public.demo_requests (created_at) where notified_at is null;

alter table public.demo_requests enable row level security;

revoke all on table public.demo_requests from anon, authenticated;
grant all on table public.demo_requests to service_role;
