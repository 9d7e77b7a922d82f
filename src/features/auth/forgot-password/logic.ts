import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { passwordResetRequestMachine } from '../../../../machines/password-reset-request.machine'
import { recoveryCodeMachine } from '../../../../machines/recovery-code.machine'
import { formEffects } from '../../../components/form/form-logic'
import { notify } from '../../../components/toaster/toaster'
import { perLang } from '../../../i18n/lang'
import { formFailureText } from '../../../lib/bot-check'
import { focusSoon } from '../../../lib/dom'
import { href } from '../../../routes'
import { verifyEmailCode } from '../email-code/actors'
import { requestPasswordReset } from './actors'
import { RECOVERY_CODE_TRIGGER_ID, RESET_AGAIN_ID, recoveryCodeFieldId, resetRequestBotCheckId } from './dom'

const tryAgain = msg`Please try again in a moment.`

/** "Forgot password?": the e-mailed link opens the reset page of the page's language. */
export const passwordResetRequestLogic = perLang((lang) =>
  passwordResetRequestMachine.provide(
    formEffects(
      passwordResetRequestMachine,
      { lang, botCheckId: resetRequestBotCheckId },
      {
        actors: { requestPasswordReset: requestPasswordReset(href('resetPassword', lang)) },
        actions: {
          focusAnswer: () => focusSoon(RESET_AGAIN_ID),
          notifyFailure: (_, failure) =>
            notify({ variant: 'destructive', title: msg`Could not send the link`, description: formFailureText(failure) ?? tryAgain }),
        },
      },
    ),
  ),
)

/** "Forgot password?" with a code from the e-mail, on any device: the right code signs the person
 * in by the reset, and the new-password form of the page's language follows. */
export const recoveryCodeLogic = perLang((lang) =>
  recoveryCodeMachine.provide(
    formEffects(
      recoveryCodeMachine,
      { lang, idOf: (field) => recoveryCodeFieldId[field as keyof typeof recoveryCodeFieldId], triggerId: RECOVERY_CODE_TRIGGER_ID },
      {
        actors: { verifyEmailCode },
        actions: { goOn: () => navigate(href('resetPassword', lang)) },
      },
    ),
  ),
)

