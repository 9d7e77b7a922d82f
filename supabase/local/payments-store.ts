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
}

export type PortalSessionRow = {
  id: string
  customer_id: string
  return_url: string
  locale: string
  /** Every form of the portal carries it; a POST without it is refused. */
  form_token: string
  created_at: Date
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
      create table if not exists local_stack.portal_sessions (
        id text primary key,
        customer_id text not null,
        return_url text not null,
        locale text not null default 'en',
        form_token text not null,
        created_at timestamptz not null default now()
      );`)
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
/** The period can be ended for a subscription cancelling at its end, or a paid-up one (it renews). */
export const mayEndPeriod = (row: SubscriptionRow) => mayResume(row) || row.status === 'active' || row.status === 'trialing'
