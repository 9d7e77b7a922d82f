import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { type NewPasswordEvent, newPasswordMachine, newPasswordValidator } from '../../../../machines/new-password.machine'
import {
  type PasswordResetRequestEvent,
  passwordResetRequestMachine,
  resetRequestFields,
  resetRequestValidator,
} from '../../../../machines/password-reset-request.machine'
import { readTypedValues, resetForm, schemaActors } from '../../../components/form/typed-values'
import { notify } from '../../../components/toaster/toaster'
import { perLang } from '../../../i18n/lang'
import { focusById, focusByIdAfterRender } from '../../../lib/dom'
import { type ServerFailure, serverText } from '../../../lib/server-message'
import { href } from '../../../routes'
import { verifySignInCode } from '../two-factor/actors'
import { requestPasswordReset, updatePassword, watchRecoverySession } from './actors'
import { newPasswordFormId, RESET_CODE_ID, resetRequestBotCheckId } from './dom'
import { botCheckLoader, formFailureText, resetBotCheck, watchBotCheck } from '../../../lib/bot-check'

const focusField = (_: unknown, { field }: { field: string }) => focusById(field)
const tryAgain = msg`Please try again in a moment.`
const notSaved = (failure: ServerFailure) =>
  notify({ variant: 'destructive', title: msg`Could not save the password`, description: serverText(failure) ?? tryAgain })

const newPasswordSchema = schemaActors<NewPasswordEvent>(newPasswordValidator)

/** "Forgot password?": the e-mailed link opens the reset page of the page's language. */
export const passwordResetRequestLogic = perLang((lang) =>
  passwordResetRequestMachine.provide({
    actors: {
      requestPasswordReset: requestPasswordReset(href('resetPassword', lang)),
      watchBotCheck: watchBotCheck(resetRequestBotCheckId, lang),
      readTypedValues: readTypedValues<PasswordResetRequestEvent>(resetRequestFields, resetRequestValidator),
      ...schemaActors<PasswordResetRequestEvent>(resetRequestValidator),
    },
    actions: {
      focusField,
      resetBotCheck: resetBotCheck(resetRequestBotCheckId),
      loadBotCheck: () => {
        botCheckLoader.load().catch(() => {})
      },
      notifyFailure: (_, failure) =>
        notify({ variant: 'destructive', title: msg`Could not send the link`, description: formFailureText(failure) ?? tryAgain }),
    },
  }),
)

/** The reset page: once saved, the user is signed in and goes to the dashboard. */
export const resetPasswordLogic = perLang((lang) =>
  newPasswordMachine.provide({
    actors: { watchRecoverySession, updatePassword, verifyCode: verifySignInCode, ...newPasswordSchema },
    actions: {
      // After the code step the field is rendered only once the state has changed.
      focusField: (_, { field }) => focusByIdAfterRender(field),
      focusCode: () => focusByIdAfterRender(RESET_CODE_ID),
      notifySaved: () => notify({ title: msg`Password changed`, description: msg`You are now signed in.` }),
      notifyFailure: (_, failure) => notSaved(failure),
      goToApp: () => navigate(href('app', lang)),
    },
  }),
)

/** The account page's password change: the page stays. */
export const changePasswordLogic = newPasswordMachine.provide({
  actors: { watchRecoverySession, updatePassword },
  actions: {
    focusField,
    notifySaved: () => notify({ title: msg`Password changed`, description: msg`Use the new password the next time you sign in.` }),
    resetFields: resetForm(newPasswordFormId),
    notifyFailure: (_, failure) => notSaved(failure),
  },
})
