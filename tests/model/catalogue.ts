import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { accountDataMachine } from '../../machines/account-data.machine'
import { accountDeletionMachine } from '../../machines/account-deletion.machine'
import { authMachine } from '../../machines/auth.machine'
import { checkoutMachine, checkoutValidator } from '../../machines/checkout.machine'
import { companyLookupMachine } from '../../machines/company-lookup.machine'
import { invoicesMachine } from '../../machines/invoices.machine'
import { demoFormMachine, demoValidator } from '../../machines/demo-form.machine'
import { disclosureMachine } from '../../machines/disclosure.machine'
import { emailChangeMachine, emailChangeValidator } from '../../machines/email-change.machine'
import { emailCodeMachine } from '../../machines/email-code.machine'
import { emailLinkMachine } from '../../machines/email-link.machine'
import { otherSessionsMachine } from '../../machines/other-sessions.machine'
import { COMPACT_AFTER_PX, headerMachine } from '../../machines/header.machine'
import { heroCardMachine } from '../../machines/hero-card.machine'
import { howItWorksMachine } from '../../machines/how-it-works.machine'
import { loginFormMachine, loginValidator } from '../../machines/login-form.machine'
import { providerRefusals } from '../../machines/oauth'
import { mobileMenuMachine } from '../../machines/mobile-menu.machine'
import { navigationMachine } from '../../machines/navigation.machine'
import { newPasswordMachine } from '../../machines/new-password.machine'
import { passwordResetRequestMachine } from '../../machines/password-reset-request.machine'
import { recoveryCodeMachine, recoveryCodeValidator } from '../../machines/recovery-code.machine'
import { paymentReturnMachine } from '../../machines/payment-return.machine'
import { protectedRouteMachine } from '../../machines/protected-route.machine'
import { registerFormMachine, registerValidator } from '../../machines/register-form.machine'
import { subscriptionsMachine } from '../../machines/subscriptions.machine'
import { type Toast, toasterMachine } from '../../machines/toaster.machine'
import { webhookHealthMachine } from '../../machines/webhook-health.machine'
import { subscriptionLifecycleMachine } from '../../machines/subscription-lifecycle.machine'
import { PAYMENT_OWED } from '../../supabase/functions/_shared/plans'
import { demoFormEvents, demoFormLabel, serializeDemoForm } from '../machines/demo-form.model'
import { faqEvents, faqLabel, faqMachineWith } from '../machines/faq-accordion.model'
import { heroCardEvents, heroCardLabel } from '../machines/hero-card.model'
import { howItWorksEvents, howItWorksLabel } from '../machines/how-it-works.model'
import { lifecycleEvents, lifecycleLabel, serializeLifecycle } from '../machines/subscription-lifecycle.model'
import { serializeSubscriptions, subscriptionsEvents, subscriptionsLabel } from '../machines/subscriptions.model'
import { outcome } from './fake-actors'
import type { PathOptions, PlannedEvent } from './paths'
import { newPasswordValidator } from '../../machines/new-password.machine'
import { resetRequestValidator } from '../../machines/password-reset-request.machine'
import { secondFactorMachine } from '../../machines/second-factor.machine'
import { twoFactorSettingsMachine } from '../../machines/two-factor-settings.machine'

// Walking a form machine runs its validation: its schema (loaded on first use in the browser) first.
await Promise.all([loginValidator.load(), registerValidator.load(), demoValidator.load(), resetRequestValidator.load(), newPasswordValidator.load(), emailChangeValidator.load(), recoveryCodeValidator.load(), checkoutValidator.load()])

/** How a machine is walked: the one definition the model-based tests and `npm run paths` share. */
export interface MachineModel {
  /** The machine's file in machines/, without `.machine.ts`. */
  file: string
  machine: AnyStateMachine
  options: PathOptions & { inputs?: unknown[] }
}

/** A form machine's state (the form kit's): where it is, what was typed, what shows, what the
 * server refused, what failed, whether its schema has loaded, its bot check. */
export const serializeForm = (snapshot: AnyMachineSnapshot) => {
  const { values, problems, shown, refused, failure, schemaReady, botCheck, sent } = snapshot.context as FormContext
  return JSON.stringify([snapshot.value, values, Object.keys(problems), shown, refused, failure, schemaReady, botCheck, sent])
}

type FormContext = { values: Record<string, string>; problems: object; shown: string[]; refused: object; failure: unknown; schemaReady: boolean; botCheck: unknown; sent: unknown }
type FieldChange = { type: 'field.change'; field: string; value: string }

/** A form's events, before and after its schema has loaded. Before: the schema arriving, a submit
 * (which waits for it), filling in the `fill` values, and the form's other buttons; while it loads
 * after a submit: its outcomes; after: `events`. */
export const formEvents =
  (events: PlannedEvent[], fill: FieldChange[]) =>
  (snapshot: AnyMachineSnapshot): PlannedEvent[] => {
    // A form done (signed in, registered) takes nothing more.
    if (snapshot.status === 'done') return []
    const { schemaReady, values } = snapshot.context as FormContext
    // Waiting for the schema after a submit (the one wait before it has loaded).
    if (!schemaReady && snapshot.hasTag('checking'))
      return [outcome.done('loadSchema'), outcome.error('loadSchema', { message: 'Failed to fetch dynamically imported module' }), ...events.filter((e) => e.type === 'cancel.click')]
    // No field takes typing while the form sends (they are read-only) or is closed (not shown); a
    // change is to something other than what the field holds.
    const typable = !snapshot.hasTag('busy') && !snapshot.matches('closed')
    const changes = (event: PlannedEvent) => event.type !== 'field.change' || values[(event as FieldChange).field] !== (event as FieldChange).value
    const offered = typable ? events.filter(changes) : events.filter((event) => !event.type.startsWith('field.'))
    if (schemaReady) return offered
    const others = events.filter((event) => !/^(field|form)\.|^xstate\./.test(event.type))
    return [{ type: 'schema.loaded' }, { type: 'form.submit' }, ...(typable ? fill.filter((change) => values[change.field] !== change.value) : []), ...others]
  }

/** `formEvents` along a main line, the `fill` values: the bot check's reports come once the fields
 * hold them (and in the states that wait for a token); a field is left, or given a wrong value, only
 * before any problem shows and the bot check starts. Each has a line of its own, so the paths stay
 * few while every state and transition is reached. */
const filledFirst =
  ([events, fill]: Parameters<typeof formEvents>) =>
  (snapshot: AnyMachineSnapshot): PlannedEvent[] => {
    const { values, shown, botCheck } = snapshot.context as FormContext
    const filled = fill.every((change) => values[change.field] === change.value)
    const mainLine = (event: PlannedEvent) => fill.some((change) => change.field === event.field && change.value === event.value)
    const aside = shown.length === 0 && botCheck === 'off'
    return formEvents(events, fill)(snapshot).filter((event) => {
      if (event.type.startsWith('botCheck.')) return filled || snapshot.hasTag('checking')
      if (event.type === 'field.blur') return shown.length === 0
      if (event.type === 'field.change') return mainLine(event) || aside
      return true
    })
  }

/** What the bot check's widget can report to a form. */
const botCheckEvents: PlannedEvent[] = [
  { type: 'botCheck.started' },
  { type: 'botCheck.passed', token: '0.local.token' },
  { type: 'botCheck.expired' },
  { type: 'botCheck.failed' },
]

export const sampleToasts: Toast[] = [
  { id: 'a', title: 'Takk!', description: 'Vi tar kontakt innen 24 timer.', variant: 'default' },
  { id: 'b', title: 'Feil', description: 'Kunne ikke starte kjøp. Prøv igjen.', variant: 'destructive' },
]
const toastsOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { toasts: Toast[] }).toasts

export const faqItems = ['software', 'guarantee', 'start']

/** An invoice as the dashboard lists it: Pro, 2 499 kr and 25 % MVA. */
export const sampleInvoice = {
  id: 'in_local_1',
  number: 'VL-0001',
  status: 'paid',
  currency: 'nok',
  subtotal: 249_900,
  tax: 62_475,
  total: 312_375,
  tax_treatment: 'standard',
  issued_at: '2026-11-27T12:00:00+00:00',
  invoice_pdf: 'http://localhost:54321/local-payments/invoice/in_local_1/document',
}

const session = { access_token: 'jwt', user: { id: 'u1', email: 'kari@example.no', user_metadata: { full_name: 'Kari' } } }

export const machineModels = {
  header: {
    file: 'header',
    machine: headerMachine,
    options: {
      events: [0, COMPACT_AFTER_PX, COMPACT_AFTER_PX + 1, 400].map((y) => ({ type: 'scroll.changed', y })),
      simple: true,
    },
  },
  mobileMenu: {
    file: 'mobile-menu',
    machine: mobileMenuMachine,
    options: {
      events: [{ type: 'trigger.click' }, { type: 'item.select' }, { type: 'key.escape' }, { type: 'outside.click' }, { type: 'route.changed' }],
      simple: true,
    },
  },
  navigation: {
    file: 'navigation',
    machine: navigationMachine,
    options: {
      events: [
        { type: 'route.changed', path: '/pricing', hash: '' },
        { type: 'route.changed', path: '/', hash: '#how-it-works' },
      ],
      simple: true,
    },
  },
  heroCard: { file: 'hero-card', machine: heroCardMachine, options: { events: heroCardEvents, simple: true, label: heroCardLabel } },
  howItWorks: { file: 'how-it-works', machine: howItWorksMachine, options: { events: howItWorksEvents, label: howItWorksLabel } },
  faqAccordion: {
    file: 'faq-accordion',
    machine: faqMachineWith(faqItems),
    options: { events: faqEvents(faqItems), simple: true, label: faqLabel },
  },
  toaster: {
    file: 'toaster',
    machine: toasterMachine,
    options: {
      events: (snapshot) => {
        const shown = toastsOf(snapshot)
        return [
          ...sampleToasts.filter((t) => !shown.includes(t)).map((toast) => ({ type: 'toast.add', toast })),
          ...shown.map((t) => ({ type: 'toast.dismiss', id: t.id })),
          { type: 'toaster.pause' },
          { type: 'toaster.resume' },
          { type: 'xstate.after.dismissAfter.toaster.showing.running' },
        ]
      },
      serialize: (snapshot) => `${JSON.stringify(snapshot.value)} ${toastsOf(snapshot).map((t) => t.id).join(',')}`,
      label: (snapshot) => {
        const ids = toastsOf(snapshot).map((t) => t.id)
        const value = typeof snapshot.value === 'string' ? snapshot.value : `showing.${(snapshot.value as { showing: string }).showing}`
        return ids.length ? `${value} [${ids.join(',')}]` : value
      },
    },
  },
  auth: {
    file: 'auth',
    machine: authMachine,
    options: {
      events: [
        { type: 'auth.start' },
        ...(
          [
            ['INITIAL_SESSION', null],
            ['INITIAL_SESSION', session],
            ['SIGNED_IN', session],
            ['TOKEN_REFRESHED', session],
            ['USER_UPDATED', session],
            ['PASSWORD_RECOVERY', session],
            ['MFA_CHALLENGE_VERIFIED', session],
            ['SIGNED_OUT', null],
          ] as const
        ).map(([event, s]) => ({ type: 'auth.changed', event, session: s })),
        { type: 'user.signOut' },
        outcome.done('signOut'),
        outcome.error('signOut', { message: 'network down' }),
      ],
      label: (s) => JSON.stringify(s.value).replace(/["{}]/g, '').replace(':', '.'),
    },
  },
  protectedRoute: {
    file: 'protected-route',
    machine: protectedRouteMachine,
    options: {
      events: (['loading', 'signedIn', 'signingOut', 'signedOut', 'secondFactorDue'] as const).map((status) => ({ type: 'auth.updated', status })),
      simple: true,
    },
  },
  loginForm: {
    file: 'login-form',
    machine: loginFormMachine,
    options: {
      events: filledFirst([
        [
          { type: 'field.change', field: 'email', value: 'kari@example.no' },
          { type: 'field.change', field: 'email', value: 'not-an-email' },
          { type: 'field.change', field: 'password', value: 'hemmelig1' },
          { type: 'field.blur', field: 'email' },
          { type: 'form.submit' },
          { type: 'google.click' },
          { type: 'linkedin.click' },
          { type: 'resend.click' },
          ...providerRefusals.map((refusal) => ({ type: 'provider.refused', refusal })),
          ...botCheckEvents,
          outcome.done('signIn', { secondFactorDue: false }),
          outcome.done('signIn', { secondFactorDue: true }),
          outcome.error('signIn', { message: 'Invalid login credentials' }),
          outcome.error('signIn', { message: 'Email not confirmed', unconfirmed: true }),
          outcome.done('resendConfirmation'),
          outcome.error('resendConfirmation', { message: 'Too many requests' }),
          outcome.error('continueWithProvider', { message: 'Provider is not enabled' }),
        ],
        [
          { type: 'field.change', field: 'email', value: 'kari@example.no' },
          { type: 'field.change', field: 'password', value: 'hemmelig1' },
        ],
      ]),
      serialize: serializeForm,
    },
  },
  registerForm: {
    file: 'register-form',
    machine: registerFormMachine,
    options: {
      events: filledFirst([
        [
          { type: 'field.change', field: 'fullName', value: 'Kari Nordmann' },
          { type: 'field.change', field: 'email', value: 'kari@example.no' },
          { type: 'field.change', field: 'password', value: 'hemmelig1' },
          { type: 'field.change', field: 'password', value: 'kort' },
          { type: 'field.blur', field: 'password' },
          { type: 'form.submit' },
          { type: 'google.click' },
          { type: 'linkedin.click' },
          ...botCheckEvents,
          outcome.done('signUp'),
          outcome.error('signUp', { message: 'Password is known to be weak', weakPasswordReasons: ['pwned'] }),
          outcome.error('continueWithProvider', { message: 'Provider is not enabled' }),
        ],
        [
          { type: 'field.change', field: 'fullName', value: 'Kari Nordmann' },
          { type: 'field.change', field: 'email', value: 'kari@example.no' },
          { type: 'field.change', field: 'password', value: 'hemmelig1' },
        ],
      ]),
      serialize: serializeForm,
      limit: 20000,
    },
  },
  passwordResetRequest: {
    file: 'password-reset-request',
    machine: passwordResetRequestMachine,
    options: {
      events: filledFirst([
        [
          { type: 'field.change', field: 'email', value: 'kari@example.no' },
          { type: 'field.change', field: 'email', value: 'not-an-email' },
          { type: 'field.blur', field: 'email' },
          { type: 'form.submit' },
          { type: 'form.again' },
          ...botCheckEvents,
          outcome.done('requestPasswordReset'),
          outcome.error('requestPasswordReset', { message: 'For security purposes, you can only request this after 60 seconds.' }),
        ],
        [{ type: 'field.change', field: 'email', value: 'kari@example.no' }],
      ]),
      serialize: serializeForm,
    },
  },
  newPassword: {
    file: 'new-password',
    machine: newPasswordMachine,
    options: {
      events: formEvents(
        [
          { type: 'session.ready' },
          { type: 'session.secondFactorDue' },
          { type: 'session.missing' },
          { type: 'code.change', value: '123 456' },
          { type: 'code.change', value: '12345' },
          { type: 'field.change', field: 'password', value: 'nytt-Fjell-9' },
          { type: 'field.change', field: 'password', value: 'kort' },
          { type: 'field.blur', field: 'password' },
          { type: 'form.submit' },
          outcome.done('verifyCode'),
          outcome.error('verifyCode', { code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' }),
          outcome.error('verifyCode', { code: 'mfa_verification_rejected', message: 'Too many wrong codes. Two-step verification is locked for 15 minutes' }),
          outcome.done('updatePassword'),
          outcome.error('updatePassword', { message: 'New password should be different from the old password.' }),
        ],
        [{ type: 'field.change', field: 'password', value: 'nytt-Fjell-9' }],
      ),
      serialize: (s) => `${serializeForm(s)} ${JSON.stringify([s.context.code, s.context.codeProblem, s.context.codeFailure])}`,
    },
  },
  accountData: {
    file: 'account-data',
    machine: accountDataMachine,
    options: {
      events: [
        { type: 'export.click' },
        outcome.done('exportAccount', { exported_at: '2026-11-24T12:00:00Z', profile: { id: 'u1' } }),
        outcome.error('exportAccount', { message: 'Not signed in' }),
      ],
    },
  },
  accountDeletion: {
    file: 'account-deletion',
    machine: accountDeletionMachine,
    options: {
      events: formEvents([
        { type: 'delete.click' },
        { type: 'field.change', field: 'confirm', value: 'Kari@Example.no' },
        { type: 'field.change', field: 'confirm', value: 'someone@example.no' },
        { type: 'field.blur', field: 'confirm' },
        { type: 'form.submit' },
        { type: 'cancel.click' },
        outcome.done('deleteAccount'),
        outcome.error('deleteAccount', { message: 'The payment provider could not cancel the subscription' }),
      ], []),
      input: { email: 'kari@example.no' },
      serialize: serializeForm,
    },
  },
  subscriptions: {
    file: 'subscriptions',
    machine: subscriptionsMachine,
    options: {
      events: subscriptionsEvents,
      input: { userId: 'u1' },
      label: subscriptionsLabel,
      serialize: serializeSubscriptions,
    },
  },
  emailLink: {
    file: 'email-link',
    machine: emailLinkMachine,
    options: {
      events: [
        { type: 'link.read', link: { tokenHash: '5b7c', type: 'signup', email: 'kari@example.no' } },
        { type: 'link.read', link: { tokenHash: 'pkce_3f2a', type: 'recovery', email: 'kari@example.no' } },
        { type: 'link.read', link: { tokenHash: '9c1e', type: 'email_change' } },
        { type: 'link.read', link: null },
        { type: 'password.change', value: 'fjord' },
        { type: 'password.change', value: 'fjord-Lys-7' },
        { type: 'confirm.click' },
        { type: 'switch.click' },
        { type: 'stay.click' },
        outcome.done('verifyEmailLink', { half: false, account: 'kari@example.no', otherSignedIn: null }),
        outcome.done('verifyEmailLink', { half: false, account: 'kari@example.no', otherSignedIn: 'ola@example.no' }),
        outcome.done('verifyEmailLink', { half: true, account: 'kari@example.no', otherSignedIn: null }),
        outcome.error('verifyEmailLink', { code: 'otp_expired', message: 'Email link is invalid or has expired' }),
        outcome.error('verifyEmailLink', { code: 'link_account_mismatch' }),
        outcome.error('verifyEmailLink', { message: 'Failed to fetch' }),
        outcome.done('setPassword'),
        outcome.error('setPassword', { code: 'weak_password', message: 'Password is known to be weak' }),
        outcome.done('adoptSession'),
        outcome.error('adoptSession', { message: 'Failed to fetch' }),
        outcome.done('followNewAddress'),
        outcome.error('followNewAddress', { message: 'Failed to fetch' }),
      ],
      serialize: (s) => `${JSON.stringify(s.value)} ${JSON.stringify(s.context)}`,
    },
  },
  emailCode: {
    file: 'email-code',
    machine: emailCodeMachine,
    options: {
      events: formEvents([
        { type: 'field.change', field: 'code', value: '1234 5678' },
        { type: 'field.change', field: 'code', value: '123456' },
        { type: 'field.blur', field: 'code' },
        { type: 'form.submit' },
        outcome.done('verifyEmailCode'),
        outcome.error('verifyEmailCode', { code: 'otp_expired', message: 'Token has expired or is invalid' }),
      ], []),
      inputs: [
        { email: 'kari@example.no', type: 'signup' },
        { email: 'kari@example.no', type: 'recovery' },
      ],
      serialize: serializeForm,
    },
  },
  recoveryCode: {
    file: 'recovery-code',
    machine: recoveryCodeMachine,
    options: {
      // Along a main line (the right address and code), each wrong value and a left field before any
      // problem shows.
      events: filledFirst([
        [
          { type: 'open.click' },
          { type: 'field.change', field: 'email', value: 'Kari@Example.no' },
          { type: 'field.change', field: 'email', value: 'not-an-email' },
          { type: 'field.change', field: 'code', value: '1234 5678' },
          { type: 'field.change', field: 'code', value: '123456' },
          { type: 'field.blur', field: 'code' },
          { type: 'form.submit' },
          { type: 'cancel.click' },
          outcome.done('verifyEmailCode'),
          outcome.error('verifyEmailCode', { code: 'otp_expired' }),
        ],
        [
          { type: 'field.change', field: 'email', value: 'Kari@Example.no' },
          { type: 'field.change', field: 'code', value: '1234 5678' },
        ],
      ]),
      serialize: serializeForm,
    },
  },
  disclosure: { file: 'disclosure', machine: disclosureMachine, options: { events: [{ type: 'trigger.click' }] } },
  demoForm: {
    file: 'demo-form',
    machine: demoFormMachine,
    options: { events: demoFormEvents, serialize: serializeDemoForm, label: demoFormLabel },
  },
  checkout: {
    file: 'checkout',
    machine: checkoutMachine,
    options: {
      input: { plan: 'pro' },
      // The plan first; then the company: a Norwegian one by its number (the main line), an EU
      // country chosen aside (its fields then missing), a wrong check digit aside; the answers.
      events: (snapshot: AnyMachineSnapshot) =>
        snapshot.matches('checkingPlan')
          ? [outcome.done('loadPlan', 'free'), outcome.done('loadPlan', 'pro'), outcome.done('loadPlan', PAYMENT_OWED), outcome.error('loadPlan', { message: 'offline' })]
          : filledFirst([
              [
                { type: 'field.change', field: 'orgNumber', value: '923 456 783' },
                { type: 'field.change', field: 'orgNumber', value: '923456784' },
                { type: 'field.change', field: 'country', value: 'DE' },
                { type: 'field.blur', field: 'orgNumber' },
                { type: 'form.submit' },
                outcome.done('createCheckout', { url: 'http://localhost:54321/pay/cs_1' }),
                outcome.done('createCheckout', {}),
                outcome.error('createCheckout', { code: 'unknown_org_number', message: 'No such organization number' }),
                outcome.error('createCheckout', { message: 'Not signed in' }),
              ],
              [{ type: 'field.change', field: 'orgNumber', value: '923 456 783' }],
              // The organization number's field shows for a Norwegian company only.
            ])(snapshot).filter((event) => event.type !== 'field.blur' || (snapshot.context as FormContext).values.country === 'NO'),
      serialize: serializeForm,
    },
  },
  invoices: {
    file: 'invoices',
    machine: invoicesMachine,
    options: {
      input: { userId: 'u1' },
      events: [
        outcome.done('fetchInvoices', []),
        outcome.done('fetchInvoices', [sampleInvoice]),
        outcome.error('fetchInvoices', { message: 'offline' }),
        { type: 'user.retry' },
        { type: 'subscriptions.changed' },
      ],
      serialize: (s: AnyMachineSnapshot) => JSON.stringify([s.value, (s.context as { invoices: unknown[] }).invoices.length]),
    },
  },
  companyLookup: {
    file: 'company-lookup',
    machine: companyLookupMachine,
    options: {
      events: [
        { type: 'orgNumber.change', value: '92345678' },
        { type: 'orgNumber.change', value: '923456783' },
        { type: 'orgNumber.change', value: '923 456 783' },
        { type: 'orgNumber.change', value: '987654325' },
        { type: 'xstate.after.typingPause.companyLookup.waiting' },
        outcome.done('lookUp', { orgNumber: '923456783', name: 'FJORDLYS RÅDGIVNING AS', address: { line1: 'Storgata 12', postalCode: '0155', city: 'OSLO', country: 'NO' }, vatRegistered: true }),
        outcome.error('lookUp', { code: 'unknown_org_number', message: 'No such organization number' }),
        outcome.error('lookUp', { message: 'The register could not be reached' }),
      ],
      serialize: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.orgNumber, Boolean(s.context.company)]),
    },
  },
  paymentReturn: {
    file: 'payment-return',
    machine: paymentReturnMachine,
    options: {
      events: [{ type: 'xstate.after.refreshAfterPayment.paymentReturn.paid' }],
      inputs: [{ outcome: 'success' }, { outcome: 'canceled' }, { outcome: 'none' }],
      label: (s) => `${s.context.outcome}: ${String(s.value)}`,
    },
  },
  webhookHealth: {
    file: 'webhook-health',
    machine: webhookHealthMachine,
    options: {
      events: [
        { type: 'user.check' },
        outcome.done('checkWebhook', { status: 200, text: '{"ok":true}' }),
        outcome.error('checkWebhook', { message: 'Failed to fetch' }),
      ],
      serialize: (s) => `${JSON.stringify(s.value)} ${JSON.stringify(s.context)}`,
    },
  },
  subscriptionLifecycle: {
    file: 'subscription-lifecycle',
    machine: subscriptionLifecycleMachine,
    options: {
      // From Free, the rows' changes reach every standing; the presses and answers follow.
      input: { standing: 'free' },
      events: lifecycleEvents,
      label: lifecycleLabel,
      serialize: serializeLifecycle,
    },
  },
  emailChange: {
    file: 'email-change',
    machine: emailChangeMachine,
    options: {
      input: { current: 'kari@example.no' },
      // The bot check's reports once the form is filled in right (its own line, as the demo form's):
      // the paths stay few while every state and transition is reached.
      events: filledFirst([
        [
          { type: 'change.click' },
          { type: 'field.change', field: 'email', value: 'kari.ny@example.no' },
          { type: 'field.change', field: 'email', value: 'Kari@Example.no' },
          { type: 'field.change', field: 'password', value: 'fjord-Lys-2025' },
          { type: 'field.blur', field: 'email' },
          { type: 'form.submit' },
          { type: 'cancel.click' },
          ...botCheckEvents,
          outcome.done('requestEmailChange'),
          outcome.error('requestEmailChange', { code: 'invalid_credentials', message: 'Invalid login credentials' }),
          outcome.error('requestEmailChange', { code: 'email_exists', message: 'A user with this email address has already been registered' }),
        ],
        [
          { type: 'field.change', field: 'email', value: 'kari.ny@example.no' },
          { type: 'field.change', field: 'password', value: 'fjord-Lys-2025' },
        ],
      ]),
      serialize: serializeForm,
    },
  },
  otherSessions: {
    file: 'other-sessions',
    machine: otherSessionsMachine,
    options: {
      events: [{ type: 'signOutOthers.click' }, outcome.done('signOutOthers'), outcome.error('signOutOthers', { message: 'Failed to fetch' })],
    },
  },
  secondFactor: {
    file: 'second-factor',
    machine: secondFactorMachine,
    options: {
      events: formEvents([
        { type: 'field.change', field: 'code', value: '123 456' },
        { type: 'field.change', field: 'code', value: '12' },
        { type: 'field.blur', field: 'code' },
        { type: 'form.submit' },
        { type: 'signOut.click' },
        outcome.done('verifyCode'),
        outcome.error('verifyCode', { code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' }),
        outcome.error('verifyCode', { code: 'over_request_rate_limit', message: 'Request rate limit reached' }),
      ], []),
      serialize: serializeForm,
    },
  },
  twoFactorSettings: {
    file: 'two-factor-settings',
    machine: twoFactorSettingsMachine,
    options: {
      events: (snapshot) => {
        const factor = { id: 'f1', createdAt: '2026-11-20T10:00:00Z' }
        // The outcomes of the step the machine is in; otherwise what the user does.
        if (snapshot.matches('loading'))
          return [
            outcome.done('loadStatus', { factor: null, level: 'aal1' }),
            outcome.done('loadStatus', { factor, level: 'aal2' }),
            outcome.done('loadStatus', { factor, level: 'aal1' }),
            outcome.error('loadStatus', { message: 'Failed to fetch' }),
          ]
        if (snapshot.matches('starting'))
          return [
            outcome.done('startEnrollment', { factorId: 'f2', qrCode: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DPEHPK3PXP' }),
            outcome.error('startEnrollment', { code: 'too_many_enrolled_mfa_factors', message: 'Maximum number of verified factors reached' }),
          ]
        if (snapshot.matches('confirming'))
          return [
            outcome.done('confirmEnrollment', { id: 'f2', createdAt: '2026-11-26T08:00:00Z' }),
            outcome.error('confirmEnrollment', { code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' }),
            outcome.error('confirmEnrollment', { message: 'Failed to fetch' }),
          ]
        if (snapshot.matches('removing'))
          return [
            outcome.done('removeFactor'),
            outcome.error('removeFactor', { code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' }),
            outcome.error('removeFactor', { code: 'insufficient_aal', message: 'AAL2 required to unenroll verified factor' }),
          ]
        return [
          { type: 'retry.click' },
          { type: 'enroll.click' },
          { type: 'code.change', value: '654321' },
          { type: 'code.change', value: 'abc' },
          { type: 'form.submit' },
          { type: 'cancel.click' },
          { type: 'remove.click' },
        ]
      },
      serialize: (s) => `${JSON.stringify(s.value)} ${JSON.stringify(s.context)}`,
    },
  },
} satisfies Record<string, MachineModel>
