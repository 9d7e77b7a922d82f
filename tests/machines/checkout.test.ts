import { expect } from 'vitest'
import { buyerRequest } from '../../supabase/functions/_shared/buyer-rules'
import { MISSING_URL } from '../../machines/checkout.machine'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('checkout machine', machineModels.checkout, {
  // The plan and the buyer as the request names it (a Norwegian one: its number's digits).
  request: { actor: 'createCheckout', input: (values) => ({ plan: 'pro', buyer: buyerRequest(values) }) },
  actors: ['loadPlan'],
  effects: ['goToPayment'],
  busy: ['checkingPlan', 'submitting', 'redirecting'],
  checking: ['validating'],
  after: ({ event, now, effects }) => {
    if (event.type === 'xstate.done.actor.createCheckout') {
      const url = (event as { output?: { url?: string } }).output?.url
      if (url) expect(effects.goToPayment).toHaveBeenCalledExactlyOnceWith({ url })
      else expect(effects.notifyFailure).toHaveBeenCalledWith({ message: MISSING_URL })
    }
    if (event.type === 'xstate.error.actor.createCheckout') {
      const code = (event as { error?: { code?: string } }).error?.code
      if (code === 'unknown_org_number') {
        // Refused in its field, focus there, no toast.
        expect(now.context.refused).toEqual({ orgNumber: 'unknownOrgNumber' })
        expect(effects.focusField).toHaveBeenCalledWith({ field: 'orgNumber' })
        expect(effects.notifyFailure).not.toHaveBeenCalled()
      } else expect(effects.notifyFailure).toHaveBeenCalledWith({ message: 'Not signed in' })
    }
    if (!now.matches('redirecting')) expect(effects.goToPayment).not.toHaveBeenCalled()
  },
})
