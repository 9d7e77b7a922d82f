-- Provider events already processed, so a redelivered webhook is applied once. Idempotent.

create table if not exists public.payment_events (
  id text primary key,
  type text not null,
  created_at timestamptz not null,
  processed_at timestamptz not null default now()
);

alter table public.payment_events enable row level security;

revoke all on table public.payment_events from anon, authenticated;
grant all on table public.payment_events to service_role;
