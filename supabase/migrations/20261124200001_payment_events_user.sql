-- Which account a payment event concerned, when the event says so (its metadata's user_id): an
-- account holder's data export lists them. No foreign key: an event for an account that does not
-- exist (any more) is still kept, so that the provider stops retrying it. Deleting an account
-- unlinks its events (the ids and types that remain say nothing about a person).
alter table public.payment_events add column if not exists user_id uuid;

create index if not exists payment_events_user_id_idx on public.payment_events (user_id) where user_id is not null;
