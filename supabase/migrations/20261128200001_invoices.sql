-- The invoices the payment provider finalized, as the dashboard lists them and the accountant
-- exports them: one row per invoice, written only by the service role (the payment ledger, from a
-- fresh reading of the invoice), read by its owner. Kept when the account goes (user_id is then
-- null): bookkeeping keeps sales documents for five years (bokføringsloven § 13). Idempotent.

create table if not exists public.invoices (
  id text primary key check (id ~ '^in_'),
  user_id uuid references auth.users (id) on delete set null,
  stripe_customer_id text not null,
  stripe_subscription_id text,
  number text not null,
  status text not null check (status in ('open', 'paid', 'void', 'uncollectible')),
  currency text not null,
  -- Amounts in øre: without VAT, the VAT, and with it.
  subtotal bigint not null,
  tax bigint not null,
  total bigint not null,
  tax_treatment text not null check (tax_treatment in ('standard', 'reverse_charge')),
  issued_at timestamptz not null,
  due_at timestamptz,
  period_start timestamptz,
  period_end timestamptz,
  buyer_name text,
  buyer_tax_id text,
  invoice_pdf text,
  hosted_invoice_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index if not exists invoices_user_id_idx on public.invoices (user_id, issued_at desc);

drop trigger if exists invoices_set_updated_at on public.invoices;
create trigger invoices_set_updated_at
  before update on public.invoices
  for each row execute function public.set_updated_at();

alter table public.invoices enable row level security;

revoke all on table public.invoices from anon, authenticated;
grant select on table public.invoices to authenticated;
grant all on table public.invoices to service_role;

drop policy if exists "Users read their own invoices" on public.invoices;
create policy "Users read their own invoices"
  on public.invoices for select
  to authenticated
  using ((select auth.uid()) = user_id);

-- A reading of an invoice, written once or over an older one; a paid or voided invoice never goes
-- back to open (a late reading of its open state). Answers the invoice's id. The service role only.
create or replace function public.record_invoice(reading jsonb) returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  row public.invoices;
begin
  row := jsonb_populate_record(null::public.invoices, reading);
  insert into public.invoices as i (id, user_id, stripe_customer_id, stripe_subscription_id, number, status, currency, subtotal, tax, total,
    tax_treatment, issued_at, due_at, period_start, period_end, buyer_name, buyer_tax_id, invoice_pdf, hosted_invoice_url)
  values (row.id, row.user_id, row.stripe_customer_id, row.stripe_subscription_id, row.number, row.status, row.currency, row.subtotal, row.tax,
    row.total, row.tax_treatment, row.issued_at, row.due_at, row.period_start, row.period_end, row.buyer_name, row.buyer_tax_id, row.invoice_pdf,
    row.hosted_invoice_url)
  on conflict (id) do update set
    user_id = coalesce(excluded.user_id, i.user_id),
    status = case when i.status in ('paid', 'void') and excluded.status = 'open' then i.status else excluded.status end,
    invoice_pdf = excluded.invoice_pdf,
    hosted_invoice_url = excluded.hosted_invoice_url;
  return row.id;
end;
$$;

revoke all on function public.record_invoice(jsonb) from public, anon, authenticated;
grant execute on function public.record_invoice(jsonb) to service_role;
