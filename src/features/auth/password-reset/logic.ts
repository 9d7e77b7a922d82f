import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { newPasswordMachine } from '../../../../machines/new-password.machine'
import { formEffects } from '../../../components/form/form-logic'
import { notify } from '../../../components/toaster/toaster'
import { perLang } from '../../../i18n/lang'
import { focusSoon } from '../../../lib/dom'
import { type ServerFailure, serverText } from '../../../lib/server-message'
import { href } from '../../../routes'
import { verifySignInCode } from '../two-factor/actors'
import { updatePassword, watchRecoverySession } from './actors'
import { newPasswordFormId, RESET_CODE_ID } from './dom'

const tryAgain = msg`Please try again in a moment.`
const notSaved = (_: unknown, failure: ServerFailure) =>
  notify({ variant: 'destructive', title: msg`Could not save the password`, description: serverText(failure) ?? tryAgain })

/** The reset page: once saved, the user is signed in and goes to the dashboard. */
export const resetPasswordLogic = perLang((lang) =>
  newPasswordMachine.provide(
    formEffects(
      newPasswordMachine,
      { lang, formId: newPasswordFormId },
      {
        actors: { watchRecoverySession, updatePassword, verifyCode: verifySignInCode },
        actions: {
          focusCode: () => focusSoon(RESET_CODE_ID),
          notifySaved: () => notify({ title: msg`Password changed`, description: msg`You are now signed in.` }),
          notifyFailure: notSaved,
          goToApp: () => navigate(href('app', lang)),
        },
      },
    ),
  ),
)

/** The account page's password change: the page stays, the field empties. */
export const changePasswordLogic = newPasswordMachine.provide(
  formEffects(
    newPasswordMachine,
    { formId: newPasswordFormId },
    {
      actors: { watchRecoverySession, updatePassword },
      actions: {
        notifySaved: () => notify({ title: msg`Password changed`, description: msg`Use the new password the next time you sign in.` }),
        notifyFailure: notSaved,
      },
    },
  ),
)
