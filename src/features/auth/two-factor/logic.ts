import { msg } from '@lingui/core/macro'
import { secondFactorMachine } from '../../../../machines/second-factor.machine'
import { twoFactorSettingsMachine } from '../../../../machines/two-factor-settings.machine'
import { formEffects } from '../../../components/form/form-logic'
import { notify } from '../../../components/toaster/toaster'
import { authSession } from '../../../lib/auth/session'
import { focusSoon } from '../../../lib/dom'
import { serverText } from '../../../lib/server-message'
import { confirmEnrollment, loadStatus, removeFactor, startEnrollment, verifySignInCode } from './actors'

export const SIGN_IN_CODE_ID = 'sign-in-code'
export const SIGN_IN_CODE_FORM_ID = 'sign-in-code-form'
export const SETTINGS_CODE_ID = 'two-factor-code'

/** Sign-in's code step: once verified, the auth session changes and the gate shows the page. */
export const secondFactorLogic = secondFactorMachine.provide(
  formEffects(
    secondFactorMachine,
    { idOf: () => SIGN_IN_CODE_ID, formId: SIGN_IN_CODE_FORM_ID },
    {
      actors: { verifyCode: verifySignInCode },
      actions: {
        notifyVerified: () => notify({ title: msg`Code accepted`, description: msg`You are now signed in.` }),
        signOut: () => authSession.send({ type: 'user.signOut' }),
      },
    },
  ),
)

/** The account page's two-factor section. */
export const twoFactorSettingsLogic = twoFactorSettingsMachine.provide({
  actors: { loadStatus, startEnrollment, confirmEnrollment, removeFactor },
  actions: {
    focusCode: () => focusSoon(SETTINGS_CODE_ID),
    notifyEnabled: () =>
      notify({ title: msg`Two-step verification is on`, description: msg`From now on, you also enter a code from your authenticator app when you sign in.` }),
    // Said the same way to an account with a password and one that signs in with Google or LinkedIn.
    notifyRemoved: () =>
      notify({
        title: msg`Two-step verification is off`,
        description: msg`You now sign in without a code from the app. You can delete Vekstlinje from your authenticator app.`,
      }),
    notifyFailure: (_, failure) =>
      notify({ variant: 'destructive', title: msg`Something went wrong with two-step verification`, description: serverText(failure) ?? msg`Please try again in a moment.` }),
  },
})
