import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { registerFormMachine } from '../../../../machines/register-form.machine'
import { formEffects } from '../../../components/form/form-logic'
import { notify } from '../../../components/toaster/toaster'
import { perLang } from '../../../i18n/lang'
import { formFailureText } from '../../../lib/bot-check'
import { href } from '../../../routes'
import { signInWithGoogle } from '../login/actors'
import { signUp } from './actors'

const couldNotCreate = msg`Could not create the account. Please try again.`

/** Where the registration form's bot check renders. */
export const registerBotCheckId = 'register-bot-check'

/** The registration form's real effects, for the page's language. */
export const registerLogic = perLang((lang) => {
  const appUrl = href('app', lang)
  return registerFormMachine.provide(
    formEffects(
      registerFormMachine,
      { lang, botCheckId: registerBotCheckId },
      {
        actors: { signUp: signUp(appUrl), signUpWithGoogle: signInWithGoogle(appUrl) },
        actions: {
          notifyRegistered: () => notify({ title: msg`Account created!`, description: msg`Check your e-mail to confirm your account.` }),
          notifyFailure: (_, failure) =>
            notify({ variant: 'destructive', title: msg`Registration error`, description: formFailureText(failure) ?? couldNotCreate }),
          notifyGoogleFailure: (_, failure) =>
            notify({ variant: 'destructive', title: msg`Google sign-up error`, description: formFailureText(failure) ?? couldNotCreate }),
          goToLogin: () => navigate(href('login', lang)),
        },
      },
    ),
  )
})
