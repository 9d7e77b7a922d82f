import { expect } from 'vitest'
import type { SignedIn } from '../../machines/login-form.machine'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('loginForm machine', machineModels.loginForm, {
  // The address goes as the schema made it: trimmed, in lower case.
  request: { actor: 'signIn', input: ({ email, password }) => ({ email: email!.trim().toLowerCase(), password }) },
  actors: ['continueWithProvider', 'resendConfirmation'],
  effects: ['notifySignedIn', 'notifyProviderFailure', 'notifyResent', 'goToApp'],
  submitFrom: ['unconfirmed'],
  busy: ['submitting', 'resending', 'redirectingToGoogle', 'redirectingToLinkedIn'],
  checking: ['validating', 'checkingBot', 'checkingBotForResend'],
  after: ({ event, from, context, now, effects, started }) => {
    const error = (event as { error?: { message?: string; unconfirmed?: boolean } }).error
    if (event.type === 'xstate.error.actor.signIn' && !error?.unconfirmed) expect(effects.notifyFailure).toHaveBeenCalledWith({ message: 'Invalid login credentials', code: undefined })
    if (event.type === 'xstate.done.actor.signIn') {
      // On to the dashboard either way; welcomed only once no code is due.
      const due = Boolean((event as { output?: SignedIn }).output?.secondFactorDue)
      expect(effects.notifySignedIn).toHaveBeenCalledTimes(due ? 0 : 1)
      expect(effects.goToApp).toHaveBeenCalledOnce()
    }
    // Each provider's button leaves for that provider; if it cannot, the failure names it.
    const provider = { 'google.click': 'google', 'linkedin.click': 'linkedin_oidc' }[event.type]
    if (provider) expect(started('continueWithProvider')).toStrictEqual(from.matches('editing') || from.matches('unconfirmed') ? [{ provider }] : [])
    if (event.type === 'xstate.error.actor.continueWithProvider') {
      expect(effects.notifyProviderFailure).toHaveBeenCalledExactlyOnceWith({
        provider: from.matches('redirectingToLinkedIn') ? 'linkedin_oidc' : 'google',
        message: 'Provider is not enabled',
        code: undefined,
      })
    }
    // Back from a provider that said no: the form keeps why, for its notice.
    if (event.type === 'provider.refused') expect(now.context.refusal).toBe((event as unknown as { refusal: string }).refusal)
    if (event.type === 'xstate.done.actor.resendConfirmation') expect(effects.notifyResent).toHaveBeenCalledOnce()
    // The confirmation e-mail goes again to the address signed in with, with the bot check's token.
    const resent = (token: string | undefined) => expect(started('resendConfirmation')).toStrictEqual([{ email: (context.sent as { email: string }).email, captchaToken: token }])
    if (event.type === 'resend.click' && from.matches('unconfirmed')) {
      if (context.botCheck === 'pending') {
        expect(started('resendConfirmation')).toEqual([])
        expect(effects.loadBotCheck).toHaveBeenCalledOnce()
      } else resent(typeof context.botCheck === 'object' ? context.botCheck.token : undefined)
    }
    if ((event.type === 'botCheck.passed' || event.type === 'botCheck.failed') && from.matches('checkingBotForResend')) resent((event as { token?: string }).token)
    if (/^xstate\.(done|error)\.actor\.resendConfirmation$/.test(event.type)) expect(effects.resetBotCheck).toHaveBeenCalledOnce()
  },
})
