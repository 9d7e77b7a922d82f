import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { company } from './company'

const [firstCrm, secondCrm] = company.crms

/** What the service promises, shown on the landing page, pricing and docs. */
export const claims = {
  gdpr: msg({ message: 'GDPR compliant', context: 'claim' }),
  euHosting: msg({ message: 'EU hosting', context: 'claim' }),
  sla: msg({ message: 'SLA available', context: 'claim' }),
  accountManager: msg({ message: 'Dedicated account manager', context: 'claim' }),
  response: msg({ message: 'Response within 24h', context: 'claim' }),
  posts: msg({ message: '3–5 posts per week', context: 'claim' }),
  onboarding: msg({ message: 'Onboarding in 7–10 days', context: 'claim' }),
  noBinding: msg({ message: 'No binding period', context: 'claim' }),
  crm: msg({ message: `Optional light CRM handoff to ${firstCrm} or ${secondCrm}`, context: 'claim' }),
} satisfies Record<string, MessageDescriptor>
