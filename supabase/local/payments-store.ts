// The payment stand-in's tables (in local_stack.*), their rows, ids and clock, and what Stripe
// lets a customer do with a subscription in each state.
import { randomBytes } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { paidPlans } from '../functions/_shared/plans.ts'

export const PERIOD_SECONDS = 30 * 24 * 3600
export const SESSION_LIFETIME_S = 24 * 3600
/** How long a customer portal session's URL works (Stripe's sessions are short-lived too). */
export const PORTAL_SESSION_LIFETIME_S = 3600

export const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`
/** A subscription id that sorts by creation (milliseconds first): of two bought in one second, the
 * webhook keeps the one with the smaller id, which is then the first bought. */
export const subscriptionId = () => `sub_local_${Date.now().toString(16).padStart(12, '0')}${randomBytes(6).toString('hex')}`
export const now = () => Math.floor(Date.now() / 1000)

export type SessionRow = {
  id: string
  user_id: string
  email: string
  lang: 'nb' | 'en'
  plan: string
  customer_id: string
  subscription_id: string | null
  success_url: string
  cancel_url: string
  status: 'open' | 'processing' | 'complete' | 'expired'
  created_at: Date
}

export type SubscriptionRow = {
  id: string
  customer_id: string
  user_id: string
  plan: string
  price_id: string
  status: string
  cancel_at_period_end: boolean
  canceled_at: number | null
  created: number
  current_period_start: number
  current_period_end: number
  /** When the subscription ended (cancelled now, or its last period over); null while it runs. */
  ended_at: number | null
  refunded: boolean
  /** Counts the stand-in's changes of the subscription: a portal form names the one it showed. */
  revision: number
  /** The card renewals are charged to (Stripe's subscription.default_payment_method). */
  default_payment_method: string | null
  /** The invoice of the latest period. */
  latest_invoice: string | null
}

/** An invoice the stand-in made, its state now, and its latest payment's PaymentIntent. */
export type InvoiceRow = {
  id: string
  customer_id: string
  subscription_id: string
  created: number
  /** The invoice as it was made (Stripe's shape); the columns below say how it stands now. */
  object: Record<string, unknown>
  status: string
  attempt_count: number
  next_payment_attempt: number | null
  /** succeeded, requires_payment_method (declined), requires_action (the bank wants the customer). */
  intent_status: string
  payment_method: string | null
  /** Every form of the invoice's page carries it. */
  form_token: string
}

export type PortalSessionRow = {
  id: string
  customer_id: string
  return_url: string
  locale: string
  /** Every form of the portal carries it; a POST without it is refused. */
  form_token: string
  created_at: Date
  /** A deep link (Stripe's flow_data): `payment_method_update` opens on the card's update, and the
   * customer goes to `flow_return_url` once it is done. */
  flow: string | null
  flow_return_url: string | null
}

const tables = new WeakMap<PGlite, Promise<unknown>>()
/** The stand-in's tables, created on first use (the database may come from an older template). */
export function ready(db: PGlite): Promise<unknown> {
  let done = tables.get(db)
  if (!done) {
    done = db.exec(`
      create table if not exists local_stack.payment_sessions (
        id text primary key,
        user_id uuid not null,
        email text not null default '',
        lang text not null default 'nb',
        customer_id text not null,
        subscription_id text,
        success_url text not null,
        cancel_url text not null,
        status text not null default 'open',
        current_period_end timestamptz,
        created_at timestamptz not null default now()
      );
      alter table local_stack.payment_sessions add column if not exists plan text not null default '${paidPlans[0]!.id}';
      create table if not exists local_stack.customers (
        user_id uuid primary key,
        id text not null unique,
        email text not null default '',
        created_at timestamptz not null default now()
      );
      create table if not exists local_stack.subscriptions (
        id text primary key,
        customer_id text not null,
        user_id uuid not null,
        plan text not null,
        price_id text not null,
        status text not null,
        cancel_at_period_end boolean not null default false,
        canceled_at bigint,
        created bigint not null,
        current_period_start bigint not null,
        current_period_end bigint not null,
        refunded boolean not null default false
      );
      alter table local_stack.subscriptions add column if not exists ended_at bigint;
      alter table local_stack.subscriptions add column if not exists revision integer not null default 0;
      create table if not exists local_stack.invoices (
        id text primary key,
        customer_id text not null,
        subscription_id text not null,
        created bigint not null,
        object jsonb not null
      );
      create index if not exists invoices_customer_idx on local_stack.invoices (customer_id, created);
      alter table local_stack.invoices add column if not exists status text not null default 'paid';
      alter table local_stack.invoices add column if not exists attempt_count integer not null default 1;
      alter table local_stack.invoices add column if not exists next_payment_attempt bigint;
      alter table local_stack.invoices add column if not exists intent_status text not null default 'succeeded';
      alter table local_stack.invoices add column if not exists payment_method text;
      alter table local_stack.invoices add column if not exists form_token text not null default md5(random()::text);
      alter table local_stack.subscriptions add column if not exists default_payment_method text default 'pm_local_card';
      alter table local_stack.subscriptions add column if not exists latest_invoice text;
      -- The customer's default card (invoice_settings), its test clock (seconds ahead of real
      -- time) and whether the webhooks of its next change are lost on purpose.
      alter table local_stack.customers add column if not exists default_payment_method text;
      alter table local_stack.customers add column if not exists clock_offset bigint not null default 0;
      alter table local_stack.customers add column if not exists lose_webhooks boolean not null default false;
      -- The business the customer is (create-checkout's buyer: name, address, tax ID, treatment)
      -- and its language, for its invoices; invoices are numbered when finalized, one series.
      alter table local_stack.customers add column if not exists buyer jsonb;
      alter table local_stack.customers add column if not exists lang text not null default 'nb';
      create sequence if not exists local_stack.invoice_numbers;
      -- Every event the stand-in made, and whether the webhook accepted it (List Events).
      create table if not exists local_stack.events (
        id text primary key,
        customer_id text,
        type text not null,
        created bigint not null,
        event jsonb not null,
        delivered boolean not null default false
      );
      create index if not exists events_created_idx on local_stack.events (created);
      create table if not exists local_stack.portal_sessions (
        id text primary key,
        customer_id text not null,
        return_url text not null,
        locale text not null default 'en',
        form_token text not null,
        created_at timestamptz not null default now()
      );
      alter table local_stack.portal_sessions add column if not exists flow text;
      alter table local_stack.portal_sessions add column if not exists flow_return_url text;`)
    tables.set(db, done)
  }
  return done
}

const FINAL = ['canceled', 'incomplete_expired']
export const isFinal = (row: SubscriptionRow) => FINAL.includes(row.status)
/** Stripe lets a customer cancel at the period's end any subscription that runs (not one whose
 * first payment is still incomplete). */
export const mayCancel = (row: SubscriptionRow) => !isFinal(row) && row.status !== 'incomplete' && !row.cancel_at_period_end
export const mayResume = (row: SubscriptionRow) => !isFinal(row) && row.cancel_at_period_end
/** The period can be ended now for a subscription cancelling at its end. */
export const mayEndPeriod = (row: SubscriptionRow) => mayResume(row)
/** A paid-up subscription that renews can be taken to its renewal by the test clock. */
export const mayRenew = (row: SubscriptionRow) => !row.cancel_at_period_end && (row.status === 'active' || row.status === 'trialing')

/** The cards of the stand-in, as Stripe's test cards behave when a renewal is charged to them (off
 * session, the customer away): the first pays; the second is declined; the third asks the bank's
 * confirmation (3-D Secure) every time; the fourth is declined once (its first automatic attempt)
 * and pays on a retry. */
export const CARDS = {
  pm_local_card: { label: 'Visa ending 4242', behaviour: 'pays' },
  pm_local_card_declined: { label: 'Visa ending 0341', behaviour: 'is declined' },
  pm_local_card_3ds: { label: 'Visa ending 3184', behaviour: 'asks for 3-D Secure' },
  pm_local_card_recovers: { label: 'Visa ending 9995', behaviour: 'is declined once, then pays on the retry' },
} as const
export type CardId = keyof typeof CARDS
export const isCard = (value: unknown): value is CardId => typeof value === 'string' && Object.hasOwn(CARDS, value)
export const cardLabel = (id: string | null) => (id && isCard(id) ? CARDS[id].label : 'no card')

/** Smart Retries as Stripe recommends them: eight tries in two weeks (the first attempt, then
 * retries these many days after it); after the last, the subscription becomes unpaid. */
export const RETRY_DAYS = [1, 3, 5, 7, 9, 11, 14] as const
export const MAX_ATTEMPTS = RETRY_DAYS.length + 1
