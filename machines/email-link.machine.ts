import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type { EmailLink, EmailLinkType } from './email-link-read'
import { PASSWORD_MIN_LENGTH } from './register-rules'

// The link as the page's address carries it (read before the first paint too, email-link-read.ts).
export { EMAIL_LINK_PATH, type EmailLink, type EmailLinkType, emailLinkTypes, readEmailLink } from './email-link-read'

/** What a verified link hands over: whose account it is, and who is signed in on this device. */
export interface EmailLinkVerified {
  /** An e-mail change whose other address still has to confirm: no session came with it. */
  half: boolean
  /** The address of the account the link belongs to. */
  account: string
  /** The address signed in on this device before the press, if someone else's; null otherwise. */
  otherSignedIn: string | null
}

export interface EmailLinkFailure {
  code?: string
  message?: string
}

export type EmailLinkEvent =
  | { type: 'link.read'; link: EmailLink | null }
  | { type: 'password.change'; value: string }
  | { type: 'confirm.click' }
  | { type: 'switch.click' }
  | { type: 'stay.click' }

export interface EmailLinkContext {
  link: EmailLink | null
  /** A new account's password, chosen on this page: the one the account keeps. */
  password: string
  passwordProblem: 'tooShort' | null
  verified: EmailLinkVerified | null
  failure: EmailLinkFailure | null
}

const failureOf = (event: unknown): EmailLinkFailure => ((event as { error?: EmailLinkFailure }).error ?? {}) as EmailLinkFailure
const outputOf = (event: unknown) => (event as { output?: EmailLinkVerified }).output

export const emailLinkMachine = setup({
  types: { context: {} as EmailLinkContext, events: {} as EmailLinkEvent },
  actors: {
    // Provided by the feature's logic: `link.read` with the link in the page's address.
    readLink: fromCallback<EmailLinkEvent>(() => () => {}),
    // Spends the link on a session of its own, leaving this device's session as it is.
    verifyEmailLink: fromPromise<EmailLinkVerified, EmailLink>(async () => ({ half: false, account: '', otherSignedIn: null })),
    // A new account: sets the password chosen here, then ends the link's session.
    setPassword: fromPromise<void, { password: string }>(async () => {}),
    // A reset or a change of address: this device takes the link's session (keeping its own when
    // it is the same account's, so a two-step sign-in stays).
    adoptSession: fromPromise<void>(async () => {}),
    // Provided by the feature's logic: the payment provider's customer gets the new address.
    followNewAddress: fromPromise<void>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic: on to sign-in, the new-password form or the account page.
    goOn: (_, _params: { type: EmailLinkType }) => {},
    // Provided by the feature's logic: the link's session ends unused (the visitor stays who they are).
    dropLinkSession: () => {},
    focusPassword: () => {},
    focusChoice: () => {},
    rememberLink: assign({ link: ({ event }) => (event.type === 'link.read' ? event.link : null) }),
    updatePassword: assign(({ event }) => (event.type === 'password.change' ? { password: event.value, passwordProblem: null } : {})),
    showPasswordProblem: assign({ passwordProblem: 'tooShort' as const }),
    rememberVerified: assign({ verified: ({ event }) => outputOf(event) ?? null }),
    rememberFailure: assign({ failure: ({ event }) => failureOf(event) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    hasLink: ({ event }) => event.type === 'link.read' && event.link !== null,
    isPasswordMissing: ({ context }) => context.link?.type === 'signup' && context.password.length < PASSWORD_MIN_LENGTH,
    isHalf: ({ event }) => Boolean(outputOf(event)?.half),
    isSignup: ({ context }) => context.link?.type === 'signup',
    isSomeoneElseSignedIn: ({ event }) => Boolean(outputOf(event)?.otherSignedIn),
    isAddressChange: ({ context }) => context.link?.type === 'email_change',
    isSpent: ({ event }) => failureOf(event).code === 'otp_expired',
    isOtherAccount: ({ event }) => failureOf(event).code === 'link_account_mismatch',
  },
}).createMachine({
  id: 'emailLink',
  description: 'The page an e-mailed link opens: it names the address the link is for, and only a press of its button verifies the link.',
  context: { link: null, password: '', passwordProblem: null, verified: null, failure: null },
  initial: 'reading',
  states: {
    reading: {
      description: 'Reading the link from the address: the button shows, and waits.',
      invoke: { id: 'readLink', src: 'readLink' },
      on: {
        'link.read': [
          { guard: 'hasLink', target: 'ready', actions: 'rememberLink', description: 'A whole link: the page says what the button will do, and for which address.' },
          { target: 'incomplete', description: 'The address lacks the token or its type (cut off when copied).' },
        ],
      },
    },
    ready: {
      description: 'Waiting for the press: opening the page (as a mail scanner does) changes nothing. A new account’s page asks for its password.',
      on: {
        'password.change': { actions: 'updatePassword', description: 'The person types the password the account will have.' },
        'confirm.click': [
          { guard: 'isPasswordMissing', actions: ['showPasswordProblem', 'focusPassword'], description: 'A new account without a long enough password: nothing is spent.' },
          { target: 'confirming', actions: 'clearFailure', description: 'The person presses the button.' },
        ],
      },
    },
    confirming: {
      description: 'Verifying the link with the auth service, on a session of its own: the button is busy.',
      tags: 'busy',
      invoke: {
        id: 'verifyEmailLink',
        src: 'verifyEmailLink',
        input: ({ context }) => context.link!,
        onDone: [
          { guard: 'isHalf', target: 'halfConfirmed', actions: 'rememberVerified', description: 'One of two links of an e-mail change: the other address is still to confirm.' },
          { guard: 'isSignup', target: 'settingPassword', actions: 'rememberVerified', description: 'The address of a new account is proven: its password is the one chosen here.' },
          { guard: 'isSomeoneElseSignedIn', target: 'askingSwitch', actions: 'rememberVerified', description: 'Another account is signed in on this device: the person is asked first.' },
          { target: 'adopting', actions: 'rememberVerified', description: 'Nobody else is signed in here: on with the link’s account.' },
        ],
        onError: [
          { guard: 'isSpent', target: 'expired', actions: 'rememberFailure', description: 'Used already, replaced by a newer link, or over an hour old.' },
          { guard: 'isOtherAccount', target: 'mismatched', actions: 'rememberFailure', description: 'The link is not for the address it names.' },
          { target: 'failed', actions: 'rememberFailure', description: 'No answer (offline) or another refusal: the link is still good.' },
        ],
      },
    },
    settingPassword: {
      description: 'Setting the new account’s password (the auth service ends every other session of it): the button stays busy.',
      tags: 'busy',
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ context }) => ({ password: context.password }),
        onDone: { target: 'confirmed', description: 'Confirmed, with the password chosen here: on to sign in.' },
        onError: { target: 'passwordRefused', actions: ['rememberFailure', 'focusPassword'], description: 'The password was refused (too weak) or did not get through.' },
      },
    },
    passwordRefused: {
      description: 'The address is confirmed, the password not yet: the person chooses it again.',
      on: {
        'password.change': { actions: 'updatePassword', description: 'The person types another password.' },
        'confirm.click': [
          { guard: 'isPasswordMissing', actions: ['showPasswordProblem', 'focusPassword'], description: 'Too short: nothing is sent.' },
          { target: 'settingPassword', actions: 'clearFailure', description: 'Pressed again.' },
        ],
      },
    },
    askingSwitch: {
      description: 'The link is for another account than the one signed in here: switch, or stay as you are.',
      entry: 'focusChoice',
      on: {
        'switch.click': { target: 'adopting', description: 'The person goes on as the link’s account.' },
        'stay.click': { target: 'stayed', description: 'The person stays signed in as before.' },
      },
    },
    adopting: {
      description: 'This device takes the link’s session: the button is busy.',
      tags: 'busy',
      invoke: {
        id: 'adoptSession',
        src: 'adoptSession',
        onDone: [
          { guard: 'isAddressChange', target: 'following', description: 'The address has changed.' },
          { target: 'confirmed', description: 'Signed in with the link.' },
        ],
        onError: { target: 'adoptFailed', actions: 'rememberFailure', description: 'Signing in did not get through (the link is spent, its session kept).' },
      },
    },
    adoptFailed: {
      description: 'The link worked, but this device could not take its session: the person may press again.',
      on: {
        'confirm.click': { target: 'adopting', actions: 'clearFailure', description: 'Pressed again.' },
      },
    },
    following: {
      description: 'The address has changed: the payment provider’s customer gets it too (the button stays busy).',
      tags: 'busy',
      invoke: {
        id: 'followNewAddress',
        src: 'followNewAddress',
        onDone: { target: 'confirmed', description: 'The customer has the new address (or there is none).' },
        onError: { target: 'confirmed', description: 'Not reached: the change is made; a scheduled job gives the customer the new address.' },
      },
    },
    confirmed: {
      description: 'Done: on to where the link leads.',
      type: 'final',
      entry: { type: 'goOn', params: ({ context }) => ({ type: context.link!.type }) },
    },
    stayed: {
      description: 'The person stays signed in as before; the link is spent, unused.',
      type: 'final',
      entry: 'dropLinkSession',
    },
    halfConfirmed: {
      description: 'This address is confirmed; the change takes effect once the link sent to the other address is pressed too.',
      type: 'final',
    },
    expired: {
      description: 'The link cannot be used: the page offers a new e-mail.',
      type: 'final',
    },
    mismatched: {
      description: 'The link belongs to another address than it names: nothing is signed in, and the page offers a new e-mail.',
      type: 'final',
    },
    incomplete: {
      description: 'Not a whole link: the page offers a new e-mail.',
      type: 'final',
    },
    failed: {
      description: 'The press did not get through: the person may press again.',
      on: {
        'confirm.click': { target: 'confirming', actions: 'clearFailure', description: 'Pressed again.' },
      },
    },
  },
})
