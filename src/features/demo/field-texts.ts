import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DemoField, Need } from '../../../supabase/functions/_shared/demo-fields'

/** Each field's label: a field of the table without one does not compile. */
export const fieldLabels: Record<DemoField, MessageDescriptor> = {
  name: msg({ message: 'Full name', context: 'demo form field' }),
  email: msg({ message: 'E-mail', context: 'demo form field' }),
  company: msg({ message: 'Company name', context: 'demo form field' }),
  linkedin: msg({ message: 'LinkedIn profile', context: 'demo form field' }),
  need: msg({ message: 'What do you need help with?', context: 'demo form field' }),
  notes: msg({ message: 'Additional info', context: 'demo form field' }),
}

/** A hint under a field, where one helps. */
export const fieldHints: Partial<Record<DemoField, MessageDescriptor>> = {
  linkedin: msg`For example linkedin.com/in/your-name`,
}

/** What a required field left empty says. */
export const requiredTexts: Partial<Record<DemoField, MessageDescriptor>> = {
  name: msg`Please enter your full name.`,
  email: msg`Please enter your e-mail address.`,
  need: msg`Please choose what you need help with.`,
}

export const needLabels: Record<Need, MessageDescriptor> = {
  lead_generation: msg({ message: 'Lead Generation', context: 'demo need option' }),
  content: msg({ message: 'Content', context: 'demo need option' }),
  profile_optimization: msg({ message: 'Profile Optimization', context: 'demo need option' }),
  other: msg({ message: 'Other', context: 'demo need option' }),
}
