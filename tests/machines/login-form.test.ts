import { expect } from 'vitest'
import type { SignedIn } from '../../machines/login-form.machine'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('loginForm machine', machineModels.loginForm, {
  // The address goes as the schema made it: trimmed, in lower case.
  request: { actor: 'signIn', input: ({ email, password }) => ({ email: email!.trim().toLowerCase(), password }) },
  actors: ['signInWithGoogle', 'resendConfirmation'],
  effects: ['notifySignedIn', 'notifyGoogleFailure', 'notifyResent', 'goToApp'],
  submitFrom: ['unconfirmed'],
  busy: ['submitting', 'resending', 'redirectingToGoogle'],
  checking: ['validating', 'checkingBot', 'checkingBotForResend'],
  after: ({ event, from, context, effects, started }) => {
    const error = (event as { error?: { message?: string; unconfirmed?: boolean } }).error
    if (event.type === 'xstate.error.actor.signIn' && !error?.unconfirmed) expect(effects.notifyFailure).toHaveBeenCalledWith({ message: 'Invalid login credentials', code: undefined })
    if (event.type === 'xstate.done.actor.signIn') {
      // On to the dashboard either way; welcomed only once no code is due.
      const due = Boolean((event as { output?: SignedIn }).output?.secondFactorDue)
      expect(effects.notifySignedIn).toHaveBeenCalledTimes(due ? 0 : 1)
      expect(effects.goToApp).toHaveBeenCalledOnce()
    }
    if (event.type === 'xstate.error.actor.signInWithGoogle') expect(effects.notifyGoogleFailure).toHaveBeenCalledOnce()
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
