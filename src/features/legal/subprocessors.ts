import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * How the code reaches a subprocessor, so that a test can hold this list to the code
 * (tests/backend/subprocessors.test.ts): a subprocessor the functions or supabase/config.toml do
 * not use fails it, and so does an external service they use that no entry names.
 */
export interface SubprocessorUse {
  /** Host names the functions or config.toml send requests to. */
  hosts?: readonly string[]
  /** Packages the functions import that talk to the service (their SDK). */
  packages?: readonly string[]
  /** config.toml sections that switch the service on (`enabled = true`). */
  config?: readonly string[]
  /** The platform itself: config.toml and the functions are its configuration and code. */
  platform?: true
  /** The static host of the built site (`dist/`), which the deploy uploads to; no code calls it. */
  siteHost?: true
}

export interface Subprocessor {
  id: string
  /** The legal entity, not translated. */
  name: string
  purpose: MessageDescriptor
  data: MessageDescriptor
  location: MessageDescriptor
  /** The legal basis of any transfer outside the EU/EEA, or that there is none. */
  transfer: MessageDescriptor
  /** True when data may leave the EU/EEA (the privacy policy's transfer section lists these). */
  transfersOutsideEea: boolean
  usedBy: SubprocessorUse
}

/** Every company that processes personal data for us: the one list the privacy policy and the
 * security page render. */
export const subprocessors: readonly Subprocessor[] = [
  {
    id: 'supabase',
    name: 'Supabase Inc.',
    purpose: msg({ message: "Database, sign-in and server functions.", context: 'legal: subprocessor purpose' }),
    data: msg({
      message: "Accounts (name, e-mail address, hashed password, language, sign-in times), subscriptions and payment events, demo requests (with the browser's user agent and a keyed hash of the IP address), and logs of requests to the service.",
      context: 'legal: subprocessor data',
    }),
    location: msg({
      message: "Stored in the EU: AWS Frankfurt region (eu-central-1), Germany. Server functions run in the Supabase data center nearest the visitor and keep nothing there.",
      context: 'legal: subprocessor location',
    }),
    transfer: msg({
      message: "Supabase Inc. is based in the United States, and its staff may access data to give support: the EU standard contractual clauses in Supabase's data processing agreement.",
      context: 'legal: subprocessor transfer',
    }),
    transfersOutsideEea: true,
    // The auth service's hooks are the project's own functions on the platform (functions/auth-hooks).
    usedBy: { platform: true, config: ['auth.hook.send_email', 'auth.hook.mfa_verification_attempt'] },
  },
  {
    id: 'stripe',
    name: 'Stripe Payments Europe Ltd.',
    purpose: msg({ message: "Card payments and the Pro subscription: checkout, invoices, canceling and resuming.", context: 'legal: subprocessor purpose' }),
    data: msg({
      message: "Name, e-mail address, company and VAT number, billing address, card details and payment history.",
      context: 'legal: subprocessor data',
    }),
    location: msg({ message: "Ireland (EU); Stripe's group also processes data in the United States.", context: 'legal: subprocessor location' }),
    transfer: msg({
      message: "The EU-US Data Privacy Framework, under which Stripe, Inc. is certified, and the EU standard contractual clauses.",
      context: 'legal: subprocessor transfer',
    }),
    transfersOutsideEea: true,
    usedBy: { packages: ['stripe'] },
  },
  {
    id: 'brreg',
    name: 'Brønnøysundregistrene',
    purpose: msg({
      message: "Looking up a Norwegian business's organization number at checkout: its name, address and VAT registration.",
      context: 'legal: subprocessor purpose',
    }),
    data: msg({ message: "The organization number only, sent from our server, never from your browser.", context: 'legal: subprocessor data' }),
    location: msg({ message: "Norway (EEA).", context: 'legal: subprocessor location' }),
    transfer: msg({ message: "None: the data stays in the EU/EEA.", context: 'legal: subprocessor transfer' }),
    transfersOutsideEea: false,
    usedBy: { hosts: ['data.brreg.no'] },
  },
  {
    id: 'brevo',
    name: 'Brevo (Sendinblue SAS)',
    purpose: msg({
      message: "E-mail: account confirmations and password resets, and notices of new demo requests to our sales team.",
      context: 'legal: subprocessor purpose',
    }),
    data: msg({
      message: "The recipient's name and e-mail address, the message (for a demo request: what the form holds) and its delivery status.",
      context: 'legal: subprocessor data',
    }),
    location: msg({ message: "France (EU); data stored in the EU.", context: 'legal: subprocessor location' }),
    transfer: msg({ message: "None: the data stays in the EU/EEA.", context: 'legal: subprocessor transfer' }),
    transfersOutsideEea: false,
    usedBy: { hosts: ['api.brevo.com', 'smtp-relay.brevo.com'], config: ['auth.email.smtp'] },
  },
  {
    id: 'google',
    name: 'Google Ireland Ltd.',
    purpose: msg({ message: 'Signing in with Google, only when you choose it.', context: 'legal: subprocessor purpose' }),
    data: msg({
      message: "Name, e-mail address, profile picture address and Google account identifier. Google's access token is not kept.",
      context: 'legal: subprocessor data',
    }),
    location: msg({ message: "Ireland (EU); Google's group also processes data in the United States.", context: 'legal: subprocessor location' }),
    transfer: msg({
      message: "The EU-US Data Privacy Framework, under which Google LLC is certified.",
      context: 'legal: subprocessor transfer',
    }),
    transfersOutsideEea: true,
    usedBy: { config: ['auth.external.google'] },
  },
  {
    id: 'linkedin',
    name: 'LinkedIn Ireland Unlimited Company',
    purpose: msg({ message: '“Continue with LinkedIn”, only when you choose it.', context: 'legal: subprocessor purpose' }),
    data: msg({
      message: "Name (first and last), e-mail address and whether LinkedIn has verified it, profile picture address, language and LinkedIn member identifier. LinkedIn's access token is not kept, and we never post or read anything on your LinkedIn profile.",
      context: 'legal: subprocessor data',
    }),
    location: msg({ message: "Ireland (EU); LinkedIn's group also processes data in the United States.", context: 'legal: subprocessor location' }),
    transfer: msg({
      message: "The EU-US Data Privacy Framework, under which LinkedIn Corporation is certified, and the EU standard contractual clauses.",
      context: 'legal: subprocessor transfer',
    }),
    transfersOutsideEea: true,
    usedBy: { config: ['auth.external.linkedin_oidc'] },
  },
  {
    id: 'cloudflare',
    name: 'Cloudflare, Inc.',
    purpose: msg({
      message: "The bot check (Turnstile) on registration, sign-in, password reset and the demo form.",
      context: 'legal: subprocessor purpose',
    }),
    data: msg({
      message: "IP address and browser characteristics, read while a form is filled in.",
      context: 'legal: subprocessor data',
    }),
    location: msg({ message: "United States; the data center nearest the visitor answers.", context: 'legal: subprocessor location' }),
    transfer: msg({
      message: "The EU-US Data Privacy Framework, under which Cloudflare, Inc. is certified.",
      context: 'legal: subprocessor transfer',
    }),
    transfersOutsideEea: true,
    usedBy: { hosts: ['challenges.cloudflare.com'], config: ['auth.captcha'] },
  },
  {
    id: 'hetzner',
    name: 'Hetzner Online GmbH',
    purpose: msg({ message: "Hosting of the website's pages.", context: 'legal: subprocessor purpose' }),
    data: msg({ message: "IP addresses and request details in web server logs.", context: 'legal: subprocessor data' }),
    location: msg({ message: "Germany (EU).", context: 'legal: subprocessor location' }),
    transfer: msg({ message: "None: the data stays in the EU/EEA.", context: 'legal: subprocessor transfer' }),
    transfersOutsideEea: false,
    usedBy: { siteHost: true },
  },
]
