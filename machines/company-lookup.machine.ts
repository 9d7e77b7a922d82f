import { assign, fromPromise, setup } from 'xstate'
import type { RegisteredCompany } from '../supabase/functions/_shared/company-register.ts'
import { digitsOf, isOrgNumber } from '../supabase/functions/_shared/vat.ts'

/** The pause after the last keystroke before the register is asked. */
export const LOOKUP_PAUSE_MS = 300

export type CompanyLookupEvent = { type: 'orgNumber.change'; value: string }

export interface CompanyLookupContext {
  /** The number being looked up (digits), or '' while the field holds none. */
  orgNumber: string
  company: RegisteredCompany | null
}

const UNKNOWN = 'unknown_org_number'

export const companyLookupMachine = setup({
  types: { context: {} as CompanyLookupContext, events: {} as CompanyLookupEvent },
  actors: {
    // Provided by the app: company-lookup, which asks Enhetsregisteret.
    lookUp: fromPromise<RegisteredCompany, { orgNumber: string }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isSameNumber: ({ context, event }) => isOrgNumber(event.value) && digitsOf(event.value) === context.orgNumber,
    isOrgNumber: ({ event }) => isOrgNumber(event.value),
    isUnknown: ({ event }) => (event as { error?: { code?: string } }).error?.code === UNKNOWN,
  },
  delays: { typingPause: LOOKUP_PAUSE_MS },
}).createMachine({
  id: 'companyLookup',
  description: 'The company an organisation number names, looked up in Enhetsregisteret as the buyer types it.',
  context: { orgNumber: '', company: null },
  initial: 'idle',
  on: {
    'orgNumber.change': [
      { guard: 'isSameNumber', description: 'The same number written another way (a space): nothing is asked again.' },
      {
        guard: 'isOrgNumber',
        target: '.waiting',
        reenter: true,
        actions: assign({ orgNumber: ({ event }) => digitsOf(event.value), company: null }),
        description: 'A whole organisation number (its check digit right): asked for once the typing pauses.',
      },
      { target: '.idle', actions: assign({ orgNumber: '', company: null }), description: 'Not a whole number yet (or a wrong check digit): nothing to ask.' },
    ],
  },
  states: {
    idle: { description: 'No whole organisation number in the field.' },
    waiting: {
      description: 'A whole number, the typing may go on: the register is asked after a pause.',
      after: { typingPause: { target: 'lookingUp', description: 'The typing paused: the register is asked.' } },
    },
    lookingUp: {
      description: 'Asking the register, through our function.',
      tags: 'busy',
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => ({ orgNumber: context.orgNumber }),
        onDone: { target: 'found', actions: assign({ company: ({ event }) => event.output }), description: 'The register knows it: its name and address show.' },
        onError: [
          { guard: 'isUnknown', target: 'unknown', description: 'The register does not know it, or it was deleted: the checkout would refuse it.' },
          { target: 'failed', description: 'The register could not answer: the checkout asks it again.' },
        ],
      },
    },
    found: { description: 'The company, with its name and business address, shows.' },
    unknown: { description: 'Told that no company has this number.' },
    failed: { description: 'Told that the register could not be asked now; paying still checks it.' },
  },
})
