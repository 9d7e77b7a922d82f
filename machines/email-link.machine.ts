import { assign, fromCallback, fromPromise, setup } from 'xstate'

/** The page an auth e-mail links to (`/auth/confirm`, `/en/auth/confirm`): the link carries the
 * token's hash and its type, and nothing happens until the person presses the page's button. Mail
 * scanners open every link in a mail; a link that acted on being opened would be spent by them. */
export const EMAIL_LINK_PATH = '/auth/confirm'

/** What an e-mailed link confirms: a new account, a password reset, a new e-mail address. */
export const emailLinkTypes = ['signup', 'recovery', 'email_change'] as const
export type EmailLinkType = (typeof emailLinkTypes)[number]

export interface EmailLink {
  tokenHash: string
  type: EmailLinkType
}

const isLinkType = (value: string): value is EmailLinkType => (emailLinkTypes as readonly string[]).includes(value)

/** The link in an address's query (`?token_hash=…&type=…`), or null when it is not a whole link. */
export function readEmailLink(search: string): EmailLink | null {
  const params = new URLSearchParams(search)
  const tokenHash = params.get('token_hash') ?? ''
  const type = params.get('type') ?? ''
  if (!/^[\w-]{1,256}$/.test(tokenHash) || !isLinkType(type)) return null
  return { tokenHash, type }
}

/** How a press ended: signed in (the action is complete), or, for a change of e-mail address that
 * both addresses must confirm, this one is confirmed and the other's link is still to come. */
export interface EmailLinkOutcome {
  signedIn: boolean
}

export interface EmailLinkFailure {
  code?: string
  message?: string
}

export type EmailLinkEvent = { type: 'link.read'; link: EmailLink | null } | { type: 'confirm.click' }

export interface EmailLinkContext {
  link: EmailLink | null
  failure: EmailLinkFailure | null
}

const failureOf = (event: unknown): EmailLinkFailure => ((event as { error?: EmailLinkFailure }).error ?? {}) as EmailLinkFailure

export const emailLinkMachine = setup({
  types: { context: {} as EmailLinkContext, events: {} as EmailLinkEvent },
  actors: {
    // Provided by the feature's logic: `link.read` with the link in the page's address.
    readLink: fromCallback<EmailLinkEvent>(() => () => {}),
    verifyEmailLink: fromPromise<EmailLinkOutcome, EmailLink>(async () => ({ signedIn: true })),
    // Provided by the feature's logic: the payment provider's customer gets the new address.
    followNewAddress: fromPromise<void>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic: on to the dashboard, the new-password form or the account page.
    goOn: (_, _params: { type: EmailLinkType }) => {},
    rememberLink: assign({ link: ({ event }) => (event.type === 'link.read' ? event.link : null) }),
    rememberFailure: assign({ failure: ({ event }) => failureOf(event) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    hasLink: ({ event }) => event.type === 'link.read' && event.link !== null,
    isSignedIn: ({ event }) => Boolean((event as { output?: EmailLinkOutcome }).output?.signedIn),
    isAddressChanged: ({ context, event }) => context.link?.type === 'email_change' && Boolean((event as { output?: EmailLinkOutcome }).output?.signedIn),
    isSpent: ({ event }) => failureOf(event).code === 'otp_expired',
  },
}).createMachine({
  id: 'emailLink',
  description: 'The page an e-mailed link opens: it says what will happen, and only a press of its button verifies the link.',
  context: { link: null, failure: null },
  initial: 'reading',
  states: {
    reading: {
      description: 'Reading the link from the address: the button shows, and waits.',
      invoke: { id: 'readLink', src: 'readLink' },
      on: {
        'link.read': [
          { guard: 'hasLink', target: 'ready', actions: 'rememberLink', description: 'A whole link: the page says what the button will do.' },
          { target: 'incomplete', description: 'The address lacks the token or its type (cut off when copied).' },
        ],
      },
    },
    ready: {
      description: 'Waiting for the press: opening the page (as a mail scanner does) changes nothing.',
      on: {
        'confirm.click': { target: 'confirming', actions: 'clearFailure', description: 'The person presses the button.' },
      },
    },
    confirming: {
      description: 'Verifying the link with the auth service: the button is busy.',
      tags: 'busy',
      invoke: {
        id: 'verifyEmailLink',
        src: 'verifyEmailLink',
        input: ({ context }) => context.link!,
        onDone: [
          { guard: 'isAddressChanged', target: 'following', description: 'The second link of an address change: the change is made.' },
          { guard: 'isSignedIn', target: 'confirmed', description: 'Verified: the person is signed in.' },
          { target: 'halfConfirmed', description: 'One of two links of an e-mail change: the other address is still to confirm.' },
        ],
        onError: [
          { guard: 'isSpent', target: 'expired', actions: 'rememberFailure', description: 'Used already, replaced by a newer link, or over an hour old.' },
          { target: 'failed', actions: 'rememberFailure', description: 'No answer (offline) or another refusal: the link is still good.' },
        ],
      },
    },
    following: {
      description: 'The address has changed: the payment provider’s customer gets it too (the button stays busy).',
      tags: 'busy',
      invoke: {
        id: 'followNewAddress',
        src: 'followNewAddress',
        onDone: { target: 'confirmed', description: 'The customer has the new address (or there is none).' },
        onError: { target: 'confirmed', description: 'Not reached: the change itself is made; the customer keeps the old address until the next try.' },
      },
    },
    confirmed: {
      description: 'Done: on to where the link leads.',
      type: 'final',
      entry: { type: 'goOn', params: ({ context }) => ({ type: context.link!.type }) },
    },
    halfConfirmed: {
      description: 'This address is confirmed; the change takes effect once the link sent to the other address is pressed too.',
      type: 'final',
    },
    expired: {
      description: 'The link cannot be used: the page offers a new e-mail.',
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
