// The guards that keep money and accounts safe, each removed once: a scratch copy of the checkout
// (the files git tracks or would, as they are in the working tree) gets one guard taken out, and the tests
// named with it must then fail there. The SQL guards live in the migrations, out of StrykerJS's
// reach; the code guards here are the ones a mutation audit found unguarded before. The guards with
// an id in brackets are the mutants of the mutation audit of 2026-11-27 (the second factor, e-mailed
// links and codes, the bot check, redirects, cache and permission headers); several sit in the local
// stack's stand-ins of GoTrue and Turnstile, which every backend test takes as its oracle.
//
//   npm run mutate -- guards            every guard
//   npm run mutate -- guards lock       only the guards whose name contains "lock"
//   npm run mutate -- guards '[a8]'     one guard by its audit id ('[' all of that audit's)
//   npm run mutate -- guards ownership  the guards of who may own an account (hooks, server checks)
//
// Prints one line per guard (killed or survived, by which test), and exits non-zero if any survived.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export type Guard = {
  name: string
  file: string
  /** The guard, exactly as written (it must occur once). */
  find: string
  /** What is left without it. */
  replace: string
  /** Test files, each of which must fail without the guard. */
  tests: string[]
  /** The vitest project of the tests (default node). */
  project?: 'node' | 'ui' | 'machines'
}

const MIGRATIONS = 'supabase/migrations'
const PAYMENTS = `${MIGRATIONS}/20261125200001_payment_invariants.sql`
// apply_subscription_snapshot as it runs now: redefined (with the payment owed) by the renewals migration.
const RENEWALS = `${MIGRATIONS}/20261128100001_renewals.sql`
const LEDGER = 'supabase/functions/_shared/payment-ledger.ts'
const RENEWAL_TESTS = 'tests/backend/renewals.test.ts'
const DEMO = `${MIGRATIONS}/20261126270001_demo_request_whole_row.sql`
const RETENTION = `${MIGRATIONS}/20261125300001_retention.sql`
const DELETE = `${MIGRATIONS}/20261126100001_delete_account.sql`
const PROVIDER = 'supabase/functions/_shared/payment-provider.ts'
const WEBHOOK = 'supabase/functions/stripe-webhook/handler.ts'
const SECOND_FACTOR = `${MIGRATIONS}/20261126200001_second_factor.sql`
const SIGNED_IN = 'supabase/functions/_shared/signed-in-user.ts'
const VERIFY = 'supabase/local/auth-verify.ts'
const BOT_CHECK = 'supabase/local/bot-check.ts'
const SITE_SERVER = 'src/server/site-server.ts'
const EDGES = 'supabase/local/tests/auth-edge-cases.test.ts'
const UNFINISHED = 'tests/backend/mfa.test.ts'

export const GUARDS: Guard[] = [
  // ---------- SQL: the migrations' guards ----------
  {
    name: 'apply_subscription_snapshot: per-account advisory lock',
    file: RENEWALS,
    find: "  perform pg_advisory_xact_lock(hashtext('public.subscriptions.user_id'), hashtext(account::text));\n",
    replace: '',
    tests: ['tests/security/payment-invariants.test.ts'],
  },
  {
    name: 'apply_subscription_snapshot: provider_version check (a later reading wins)',
    file: RENEWALS,
    find: "    if existing.provider_version is not null and existing.provider_version >= version then\n      return jsonb_build_object('result', 'stale');\n    end if;\n",
    replace: '',
    tests: ['tests/security/payment-invariants.test.ts', 'tests/backend/stripe-event-stream.test.ts'],
  },
  {
    name: 'apply_subscription_snapshot: final-state guard (cancelled stays cancelled)',
    file: RENEWALS,
    find: "    if existing.status = any (final_states) and not (new_status = any (final_states)) then\n      return jsonb_build_object('result', 'stale');\n    end if;\n",
    replace: '',
    tests: ['tests/security/payment-invariants.test.ts', 'tests/backend/stripe-event-stream.test.ts'],
  },
  {
    name: 'subscriptions_one_entitling_per_user: the unique index',
    file: PAYMENTS,
    find: "create unique index if not exists subscriptions_one_entitling_per_user\n  on public.subscriptions (user_id) where status in ('active', 'trialing');\n",
    replace: '',
    tests: ['tests/security/payment-invariants.test.ts'],
  },
  {
    name: 'apply_subscription_snapshot: says it changed the row only when it did (a second reconciliation records nothing) [renewals]',
    file: RENEWALS,
    find: "  return jsonb_build_object('result', 'applied', 'changed', existing.id is null or (",
    replace: "  return jsonb_build_object('result', 'applied', 'changed', true or (",
    tests: [RENEWAL_TESTS],
  },
  {
    name: 'claim_payment_mail: one mail per invoice and attempt [renewals]',
    file: RENEWALS,
    find: "    where public.payment_mails.sent_at is null and public.payment_mails.claimed_at < now() - interval '10 minutes';\n",
    replace: ';\n',
    tests: [RENEWAL_TESTS],
  },
  {
    name: 'store_demo_request: per-address advisory lock',
    file: DEMO,
    find: "    perform pg_advisory_xact_lock(hashtext('public.demo_requests.ip_hash'), hashtext(ip_hash));\n",
    replace: '',
    tests: ['tests/security/demo-rate-limit.test.ts'],
  },
  {
    name: 'store_demo_request: per-e-mail advisory lock',
    file: DEMO,
    find: "  perform pg_advisory_xact_lock(hashtext('public.demo_requests.email'), hashtext(address));\n",
    replace: '',
    tests: ['tests/security/demo-rate-limit.test.ts'],
  },
  {
    name: 'delete_expired_data: an account with a running subscription is not inactive',
    file: RETENTION,
    find: "        ) < cutoff\n    and not exists (\n      select 1 from public.subscriptions s\n      where s.user_id = u.id and s.status not in ('canceled', 'incomplete_expired')\n    );",
    replace: '        ) < cutoff;',
    tests: ['tests/backend/retention.test.ts'],
  },
  {
    name: 'delete_account: the account row locked (for update)',
    file: DELETE,
    find: 'where u.id = account for update;',
    replace: 'where u.id = account;',
    tests: ['tests/security/account-concurrency.test.ts'],
  },
  {
    name: 'delete_account: nothing deleted while a subscription runs',
    file: DELETE,
    find: '  if cardinality(running) > 0 then',
    replace: '  if false then',
    tests: ['tests/backend/account-functions.test.ts'],
  },
  // ---------- renewals: the ledger, the checkout, the lifecycle ----------
  {
    name: 'payment ledger: a failed attempt is mailed only while its invoice is still open [renewals]',
    file: LEDGER,
    find: "  if (invoice?.status !== 'open') return\n",
    replace: '  if (!invoice) return\n',
    tests: [RENEWAL_TESTS],
  },
  {
    name: 'payment ledger: a new default card becomes the owing subscription’s [renewals]',
    file: LEDGER,
    find: '    if (idOf(subscription.default_payment_method) !== method) await provider.setSubscriptionPaymentMethod(subscription.id, method)\n',
    replace: '',
    // On the stand-in the card also reaches the subscription when the invoice it paid is adopted
    // (invoice.paid): the production test asserts Stripe's own request for it.
    tests: ['tests/backend/stripe-production.test.ts'],
  },
  {
    name: 'payment ledger: a new default card pays the open invoice [renewals]',
    file: LEDGER,
    find: '      const outcome = await provider.payInvoice(invoice.id, method)\n',
    replace: "      const outcome = 'declined' as string\n",
    tests: [RENEWAL_TESTS, 'tests/backend/stripe-production.test.ts'],
  },
  {
    name: 'payment ledger: only a change of the default card settles what is owed [renewals]',
    file: LEDGER,
    find: "  if (type !== 'customer.updated' || !previous || !('invoice_settings' in previous)) return null\n",
    replace: "  if (type !== 'customer.updated') return null\n",
    tests: ['tests/backend/stripe-production.test.ts'],
  },
  {
    name: 'create-checkout: no second subscription while a payment is owed [renewals]',
    file: 'supabase/functions/create-checkout/handler.ts',
    find: "  if (owesPayment(rows)) return answer(409, { code: PAYMENT_OWED, error: 'A payment is owed' }, cors)\n",
    replace: '',
    tests: [RENEWAL_TESTS],
  },
  {
    name: 'checkout page: a customer who owes a payment is sent to the dashboard [renewals]',
    file: 'machines/checkout.machine.ts',
    find: "          { guard: 'owesPayment', target: 'paymentOwed', description: 'A payment is owed: it is fixed on the dashboard, not bought again.' },\n",
    replace: '',
    tests: ['tests/machines/checkout.test.ts'],
    project: 'machines',
  },
  {
    name: 'subscription lifecycle: no checkout offered while a renewal is retried [renewals]',
    file: 'machines/subscription-lifecycle.machine.ts',
    find: "          tags: 'owed',\n          on: { 'payment.fix': { target: '#subscriptionLifecycle.fixing', actions: 'clearError', description: 'The customer fixes the card in one press.' } },",
    replace: "          tags: ['owed', 'offersCheckout'],\n          on: { 'payment.fix': { target: '#subscriptionLifecycle.fixing', actions: 'clearError', description: 'The customer fixes the card in one press.' } },",
    tests: ['tests/machines/subscription-lifecycle.test.ts'],
    project: 'machines',
  },
  {
    name: 'subscription lifecycle: a payment owed comes before a subscription that runs [renewals]',
    file: 'machines/subscription-lifecycle.machine.ts',
    find: "  const owing = rows.find((row) => (OWING_STATUSES as readonly string[]).includes(row.status))\n",
    replace: "  const owing = rows.length === 1 ? rows.find((row) => (OWING_STATUSES as readonly string[]).includes(row.status)) : undefined\n",
    tests: ['tests/machines/subscription-lifecycle.test.ts'],
    project: 'machines',
  },
  // ---------- the functions' production (Stripe) path ----------
  {
    name: 'delete-account on Stripe: subscriptions.cancel',
    file: PROVIDER,
    find: '        if (!isEnded(subscription.status)) await stripe.subscriptions.cancel(id, { invoice_now: false, prorate: false })\n',
    replace: '',
    tests: ['tests/backend/stripe-production.test.ts'],
  },
  {
    name: 'delete-account on Stripe: checkout.sessions.expire',
    file: PROVIDER,
    find: '          await stripe.checkout.sessions.expire(session.id)\n',
    replace: '',
    tests: ['tests/backend/stripe-production.test.ts'],
  },
  {
    name: 'refund on Stripe: refunds.create (a duplicate, an account that is gone)',
    file: PROVIDER,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the guard's source text, as written
    find: "            await stripe.refunds.create({ payment_intent: intentId, reason }, { idempotencyKey: `refund-subscription-${id}-${intentId}` })\n",
    replace: '',
    tests: ['tests/security/payment-invariants.test.ts', 'tests/backend/stripe-production.test.ts', 'tests/security/webhook-unknown-user.test.ts'],
  },
  {
    name: 'refund on the local stand-in: the functions ask for it (two tabs paid)',
    file: PROVIDER,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the guard's source text, as written
    find: "      const refund = await call('POST', 'refunds', { subscription: id, reason })\n      if (!refund) throw new Error(`the local payment stand-in does not know subscription ${id}`)\n",
    replace: '',
    tests: ['tests/security/payment-invariants.test.ts'],
  },
  {
    name: 'delete-account: open checkouts expired first',
    file: 'supabase/functions/delete-account/handler.ts',
    find: '  for (const customer of customers) await provider.expireOpenCheckouts(customer.stripe_customer_id)\n',
    replace: '',
    tests: ['tests/backend/account-functions.test.ts', 'tests/backend/stripe-production.test.ts'],
  },
  {
    name: 'payment ledger: a subscription of an account that is gone is refunded and cancelled',
    file: LEDGER,
    find: "    if (outcome.result === 'unlinked') await endOrphan(provider, snapshot)\n",
    replace: '',
    tests: ['tests/security/webhook-unknown-user.test.ts', 'tests/security/account-concurrency.test.ts', 'tests/backend/stripe-production.test.ts'],
  },
  {
    name: 'stripe-webhook: a signature dated ahead of the clock',
    file: WEBHOOK,
    find: '  if (signedAt(signature) - Math.floor(Date.now() / 1000) > TOLERANCE_SECONDS) {',
    replace: '  if (false) {',
    tests: ['tests/backend/stripe-webhook.test.ts'],
  },
  // ---------- claims that could not fail ----------
  {
    name: 'export-account: only the caller’s customer (user_id=eq.)',
    file: 'supabase/functions/export-account/handler.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the guard's source text, as written
    find: 'billing_customers?select=stripe_customer_id,created_at&user_id=eq.${id}',
    replace: 'billing_customers?select=stripe_customer_id,created_at',
    tests: ['tests/backend/account-functions.test.ts'],
  },
  {
    name: 'local stack: auth settings from config.toml',
    file: 'supabase/local/context.ts',
    find: '  return { ...GOTRUE_DEFAULTS, ...configuredAuth(configToml) }',
    replace: '  return { ...GOTRUE_DEFAULTS }',
    tests: ['supabase/local/tests/auth-redirects-and-config.test.ts'],
  },
  {
    name: 'sign-in page: ?next= only to a path of this site (safeNext)',
    file: 'src/lib/safe-next.ts',
    find: "export const nextFromLocation = (fallback: string) => safeNext(new URLSearchParams(location.search).get('next'), fallback)",
    replace: "export const nextFromLocation = (fallback: string) => new URLSearchParams(location.search).get('next') ?? fallback",
    tests: ['tests/components/sign-in-next.test.tsx'],
    project: 'ui',
  },
  // ---------- the local stack and the site server ----------
  {
    name: 'mailbox: only the local Host names (DNS rebinding)',
    file: 'supabase/local/mailbox.ts',
    find: '      if (!isLocalHost(c.req.header(\'host\'))) return c.text(\'The mailbox answers only at localhost, 127.0.0.1 or [::1].\', 403)\n',
    replace: '',
    tests: ['supabase/local/tests/auth-redirects-and-config.test.ts'],
  },
  {
    name: 'auth: redirect_to only where GoTrue allows it',
    file: 'supabase/local/auth-core.ts',
    find: '  return raw && isRedirectAllowed(raw, ctx.siteUrl, ctx.auth.redirectAllowList) ? raw : ctx.siteUrl',
    replace: '  return raw || ctx.siteUrl',
    tests: ['supabase/local/tests/auth-redirects-and-config.test.ts', 'supabase/local/tests/auth.test.ts'],
  },
  {
    name: 'site server: one address per page (…/index.html, 404.html)',
    file: 'src/server/site-server.ts',
    find: "    if (!decodeURIComponent(pathname).endsWith('.html')) return next()\n",
    replace: '    return next()\n',
    tests: ['tests/security/site-server.test.ts'],
  },
  // ---------- sign-in: the second factor ----------
  {
    name: 'subscriptions: the second-factor policy is restrictive, held with the owner policy [A1]',
    file: SECOND_FACTOR,
    find: '  on public.subscriptions\n  as restrictive\n',
    replace: '  on public.subscriptions\n',
    tests: ['tests/backend/mfa.test.ts', 'tests/backend/rls.test.ts'],
  },
  {
    name: 'subscriptions: the second-factor policy binds authenticated [R2]',
    file: SECOND_FACTOR,
    find: '  to authenticated\n  using',
    replace: '  to anon\n  using',
    tests: ['tests/backend/mfa.test.ts'],
  },
  {
    name: 'subscriptions: each user reads only their own rows [R1]',
    file: `${MIGRATIONS}/20261122000001_subscriptions.sql`,
    find: '  using ((select auth.uid()) = user_id);',
    replace: '  using (true);',
    tests: ['tests/backend/rls.test.ts', 'tests/backend/mfa.test.ts'],
  },
  {
    name: 'second_factor_required: only a verified factor counts [A2]',
    file: SECOND_FACTOR,
    find: "where f.user_id = (select auth.uid()) and f.status = 'verified'",
    replace: 'where f.user_id = (select auth.uid())',
    tests: [UNFINISHED],
  },
  {
    name: 'second_factor_required: security definer (authenticated may not read auth.mfa_factors) [A3]',
    file: SECOND_FACTOR,
    find: 'stable\nsecurity definer\n',
    replace: 'stable\n',
    tests: ['tests/backend/mfa.test.ts', 'tests/backend/rls.test.ts'],
  },
  {
    name: 'functions (signedInRequest): an aal1 session of an account with a second factor is refused [A4]',
    file: SIGNED_IN,
    find: "    return secondFactorMissing(req, user.record) ? json(403, { error: 'Second factor required' }, cors) : { user, cors }\n",
    replace: '    return { user, cors }\n',
    tests: ['tests/backend/mfa.test.ts'],
  },
  {
    name: 'functions (secondFactorMissing): only a verified factor counts [A5]',
    file: SIGNED_IN,
    find: "  if (!factors.some((factor) => factor?.status === 'verified')) return false",
    replace: '  if (factors.length === 0) return false',
    tests: [UNFINISHED],
  },
  {
    name: 'app (secondFactorDue): only a verified factor asks for a code [A9]',
    file: 'machines/assurance.ts',
    find: "(session.user.factors ?? []).filter((f) => f.status === 'verified')",
    replace: '(session.user.factors ?? [])',
    tests: [UNFINISHED],
  },
  {
    name: 'auth stand-in: a verified second-factor challenge is spent [A7]',
    file: 'supabase/local/auth-mfa-verify.ts',
    find: 'if (challenge.verified_at || !challenge.same_ip) {',
    replace: 'if (!challenge.same_ip) {',
    tests: ['tests/backend/mfa.test.ts'],
  },
  {
    name: 'auth stand-in: a TOTP code is good for one step either way, as GoTrue [A8]',
    file: 'supabase/local/auth-mfa-verify.ts',
    find: 'validate({ token: code, window: 1 })',
    replace: 'validate({ token: code, window: 4 })',
    tests: [EDGES],
  },
  {
    name: 'account page: signing out the other devices keeps this one (scope others) [S1]',
    file: 'src/features/auth/account-settings/security-actors.ts',
    find: "supabase.auth.signOut({ scope: 'others' })",
    replace: 'supabase.auth.signOut()',
    tests: ['tests/components/security-actors.test.ts'],
    project: 'ui',
  },
  // ---------- sign-in: e-mailed links and codes ----------
  {
    name: 'auth stand-in: an e-mail change link counts once, so each address confirms [E2]',
    file: VERIFY,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the guard's source text, as written
    find: 'update auth.users set ${column} = null, email_change_confirm_status = 1 where id = $1',
    replace: 'update auth.users set email_change_confirm_status = 1 where id = $1',
    tests: [EDGES],
  },
  {
    name: 'auth stand-in: a recovery link does not verify as another type [C1]',
    file: VERIFY,
    find: "if ((type === 'signup' || type === 'invite' || type === 'email') && confirmation)",
    replace: "if ((type === 'signup' || type === 'invite' || type === 'email') && (confirmation || recovery))",
    tests: ['tests/backend/email-links.test.ts'],
  },
  {
    name: 'auth stand-in: a recovery link counts once [C3]',
    file: VERIFY,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the guard's source text, as written
    find: '  await tx.query(`update auth.users set ${column}_token = null where id = $1`, [user.id])\n',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the guard's source text, as written
    replace: "  if (column === 'confirmation') await tx.query(`update auth.users set ${column}_token = null where id = $1`, [user.id])\n",
    tests: [EDGES],
  },
  {
    name: 'auth stand-in: a recovery link expires (otp_expiry) [O1]',
    file: VERIFY,
    find: 'const recovery = own && matches(user.recovery_token) && fresh(user.recovery_sent_at)',
    replace: 'const recovery = own && matches(user.recovery_token)',
    tests: [EDGES],
  },
  {
    name: 'auth stand-in: an e-mail change link expires (otp_expiry) [O1]',
    file: VERIFY,
    find: "if (type === 'email_change' && fresh(user.email_change_sent_at)) {",
    replace: "if (type === 'email_change') {",
    tests: [EDGES],
  },
  {
    name: 'auth stand-in: POST /verify is rate limited per client (token_verifications) [O2]',
    file: VERIFY,
    find: "  app.post('/verify', async (c) => {\n    rateLimit(c, 'verify', config.tokenVerifications)\n",
    replace: "  app.post('/verify', async (c) => {\n",
    tests: ['supabase/local/tests/verify-rate-limit.test.ts'],
  },
  {
    name: 'app (/auth/confirm): only a link of a known type [C2]',
    file: 'machines/email-link-read.ts',
    find: 'if (!/^[\\w-]{1,256}$/.test(tokenHash) || !isLinkType(type)) return null',
    replace: 'if (!/^[\\w-]{1,256}$/.test(tokenHash)) return null',
    tests: ['tests/machines/email-link.test.ts'],
    project: 'machines',
  },
  // ---------- sign-in: the bot check and redirects ----------
  {
    name: 'send-demo-request: a refused bot-check token is refused [B1]',
    file: 'supabase/functions/send-demo-request/handler.ts',
    find: "    if (check.result === 'refused') return failure(400, 'bot_check_failed', cors)\n",
    replace: '',
    tests: ['tests/backend/send-demo-request.test.ts'],
  },
  {
    name: 'bot-check stand-in: siteverify spends the token [B3]',
    file: BOT_CHECK,
    find: '      entry.spent = true\n',
    replace: '',
    tests: ['tests/backend/email-links.test.ts', 'tests/backend/send-demo-request.test.ts'],
  },
  {
    name: 'bot-check stand-in: a token lives 300 seconds [B4]',
    file: BOT_CHECK,
    find: 'if (entry.spent || Date.now() - entry.at > TOKEN_LIFETIME_MS) return',
    replace: 'if (entry.spent) return',
    tests: [EDGES],
  },
  {
    name: 'auth stand-in: only the service role skips the bot check, not the anon key supabase-js sends [B5]',
    file: 'supabase/local/auth-core.ts',
    find: "if (verified?.ok && verified.claims.role === 'service_role') return",
    replace: 'if (verified?.ok) return',
    tests: [EDGES],
  },
  {
    name: 'auth stand-in: a single * of the redirect allow list stays within one part of a name [C4]',
    file: 'supabase/local/auth-redirect.ts',
    find: "else if (char === '*') source += '[^./]*'",
    replace: "else if (char === '*') source += '.*'",
    tests: [EDGES],
  },
  // ---------- headers ----------
  {
    name: 'functions: Cache-Control no-store on every answer, errors too [K1]',
    file: 'supabase/functions/_shared/no-store.ts',
    find: "    headers.set('Cache-Control', 'no-store')\n",
    replace: "    if (res.ok) headers.set('Cache-Control', 'no-store')\n",
    tests: ['tests/backend/email-change-follows.test.ts'],
  },
  {
    name: 'site server: signed-in pages are no-store [K2]',
    file: SITE_SERVER,
    find: 'signedIn.has(pathname) ? signedInHtmlHeaders : htmlHeaders',
    replace: 'htmlHeaders',
    tests: ['tests/security/site-server.test.ts'],
  },
  {
    name: 'site server: Permissions-Policy turns camera, microphone and geolocation off [H1]',
    file: SITE_SERVER,
    find: '      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },\n',
    replace: '',
    tests: ['tests/security/site-server.test.ts'],
  },
  // ---------- who owns an account: the hooks, the server's checks, the stand-in's strictness ----------
  {
    name: 'redeem_email_code: a code dies after five wrong tries [ownership]',
    file: `${MIGRATIONS}/20261127200001_auth_hooks.sql`,
    find: '  if pending.attempts >= 5 or recent_failures >= 10 then\n',
    replace: '  if false then\n',
    tests: ['tests/backend/account-ownership.test.ts'],
  },
  {
    name: 'record_mfa_attempt: the sixth wrong code locks the factor [ownership]',
    file: `${MIGRATIONS}/20261127200001_auth_hooks.sql`,
    find: '  if failures + 1 < 6 then\n',
    replace: '  if true then\n',
    tests: ['tests/backend/account-ownership.test.ts'],
  },
  {
    name: 'record_mfa_attempt: a code works once [ownership]',
    file: `${MIGRATIONS}/20261127200001_auth_hooks.sql`,
    find: "      return jsonb_build_object('decision', 'reject', 'reason', 'reused');\n",
    replace: '',
    tests: ['tests/backend/account-ownership.test.ts'],
  },
  {
    name: 'claim_email_change: no mail for a change the server did not check [ownership]',
    file: `${MIGRATIONS}/20261127200001_auth_hooks.sql`,
    find: "  if request_id is null then\n    return 'not_requested';\n  end if;\n",
    replace: '',
    tests: ['tests/backend/account-ownership.test.ts'],
  },
  {
    name: 'subscriptions: only a live session reads [ownership]',
    file: `${MIGRATIONS}/20261127300001_live_sessions.sql`,
    find: '  using ((select public.session_is_live()));',
    replace: '  using (true);',
    tests: ['tests/backend/account-ownership.test.ts'],
  },
  {
    name: 'local GoTrue: no password or address change at aal1 for a two-factor account [ownership]',
    file: 'supabase/local/auth-user.ts',
    find: "    if ((password || changesEmail) && (await hasVerifiedFactor(db, user.id)) && (await sessionLevel(db, sessionId)) !== 'aal2') {",
    replace: '    if (false) {',
    tests: ['tests/backend/account-ownership.test.ts'],
  },
  {
    name: 'the confirmation page sets the password the person chose on a new account [ownership]',
    file: 'machines/email-link.machine.ts',
    find: "          { guard: 'isSignup', target: 'settingPassword', actions: 'rememberVerified', description: 'The address of a new account is proven: its password is the one chosen here.' },\n",
    replace: '',
    tests: ['tests/machines/email-link.test.ts'],
    project: 'machines',
  },
  {
    name: 'the confirmation page asks before another account’s session replaces this one [ownership]',
    file: 'machines/email-link.machine.ts',
    find: "          { guard: 'isSomeoneElseSignedIn', target: 'askingSwitch', actions: 'rememberVerified', description: 'Another account is signed in on this device: the person is asked first.' },\n",
    replace: '',
    tests: ['tests/machines/email-link.test.ts'],
    project: 'machines',
  },
  {
    name: 'removing two-step verification asks for a fresh code [ownership]',
    file: 'machines/two-factor-settings.machine.ts',
    find: "          target: 'confirmingRemoval',\n          actions: 'focusCode',\n          description: 'Removing asks for a fresh code from the app, even from a session that used one: a session left open is not enough.',",
    replace: "          target: 'removing',\n          description: 'Removed at once.',",
    tests: ['tests/machines/two-factor-settings.test.ts'],
    project: 'machines',
  },
  {
    name: 'follow_email_change runs as security definer, as the auth service’s role needs [P1]',
    file: `${MIGRATIONS}/20261127400001_billing_email_follows.sql`,
    find: 'create or replace function public.follow_email_change() returns trigger\nlanguage plpgsql\nsecurity definer\n',
    replace: 'create or replace function public.follow_email_change() returns trigger\nlanguage plpgsql\n',
    tests: ['tests/backend/email-change-follows.test.ts'],
  },
]

const root = join(dirname(new URL(import.meta.url).pathname), '..', '..')

/** The files git tracks or would track, as they are in the working tree, copied to a scratch folder. */
function scratchCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'guard-'))
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    cpSync(join(root, file), join(dir, file))
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
  // The migrated database's template, so that a stack starts as quickly as in the checkout (one for
  // altered migrations is built anew: its key is their text).
  if (existsSync(join(root, '.local/cache'))) cpSync(join(root, '.local/cache'), join(dir, '.local/cache'), { recursive: true })
  return dir
}

type Report = { testResults: Array<{ name: string; status: string; message?: string; assertionResults: Array<{ fullName: string; status: string }> }> }

/** Runs a guard's tests in `dir`; answers, per test file, the names of the tests that failed. A file
 * that failed without a failing test (a hook that timed out, an import error) proves nothing: it
 * throws, so that the guard is reported as not tested rather than killed. */
function failures(dir: string, guard: Guard): Map<string, string[]> {
  const report = join(dir, 'guard-report.json')
  spawnSync('npx', ['vitest', 'run', '--project', guard.project ?? 'node', ...guard.tests, '--reporter=json', `--outputFile=${report}`], {
    cwd: dir,
    stdio: 'ignore',
    // The model of Stripe's event stream stops at its first failing history instead of shrinking it.
    env: { ...process.env, STRIPE_MODEL_SHRINK: '0' },
  })
  const out = new Map<string, string[]>()
  if (!existsSync(report)) return out
  for (const file of (JSON.parse(readFileSync(report, 'utf8')) as Report).testResults) {
    const failed = file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName)
    const name = file.name.slice(dir.length + 1)
    if (file.status === 'failed' && failed.length === 0) throw new Error(`${name} did not run: ${file.message?.split('\n')[0]}`)
    out.set(name, failed)
  }
  for (const test of guard.tests) if (!out.has(test)) throw new Error(`${test} did not run`)
  return out
}

export function runGuards(filter = ''): boolean {
  const chosen = GUARDS.filter((guard) => guard.name.toLowerCase().includes(filter.toLowerCase()))
  let survived = 0
  for (const [index, guard] of chosen.entries()) {
    const dir = scratchCopy()
    try {
      const path = join(dir, guard.file)
      const text = readFileSync(path, 'utf8')
      const found = text.split(guard.find).length - 1
      if (found !== 1) throw new Error(`${guard.name}: the guard occurs ${found} times in ${guard.file}, not once`)
      writeFileSync(path, text.replace(guard.find, guard.replace))
      let failed: Map<string, string[]>
      try {
        failed = failures(dir, guard)
      } catch (error) {
        survived += 1
        console.log(`NOT RUN  ${index + 1}/${chosen.length} ${guard.name}: ${(error as Error).message}`)
        continue
      }
      const missed = guard.tests.filter((test) => (failed.get(test) ?? []).length === 0)
      const killed = missed.length === 0
      if (!killed) survived += 1
      console.log(`${killed ? 'killed  ' : 'SURVIVED'} ${index + 1}/${chosen.length} ${guard.name} (${guard.file})`)
      for (const test of guard.tests) {
        const names = failed.get(test) ?? []
        console.log(`           ${names.length > 0 ? '✗' : '✓'} ${test}${names.length > 0 ? `: ${names.slice(0, 3).join(' | ')}` : ' passed without the guard'}`)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  console.log(`\n${chosen.length - survived} of ${chosen.length} guards killed by their tests${survived ? `; ${survived} survived or could not be tested` : ''}`)
  return survived === 0
}
