import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { loginFormMachine } from '../../../../machines/login-form.machine'
import { formEffects } from '../../../components/form/form-logic'
import { notify } from '../../../components/toaster/toaster'
import { perLang } from '../../../i18n/lang'
import { formFailureText } from '../../../lib/bot-check'
import { nextFromLocation } from '../../../lib/safe-next'
import { href } from '../../../routes'
import { resendConfirmation, signInWithGoogle, signInWithPassword } from './actors'

const couldNotSignIn = msg`Could not sign in. Please try again.`

/** Where the sign-in form's bot check renders. */
export const loginBotCheckId = 'login-bot-check'

/** The sign-in form's real effects, for the page's language. */
export const loginLogic = perLang((lang) => {
  const appUrl = href('app', lang)
  return loginFormMachine.provide(
    formEffects(
      loginFormMachine,
      { lang, botCheckId: loginBotCheckId },
      {
        actors: { signIn: signInWithPassword, signInWithGoogle: signInWithGoogle(appUrl), resendConfirmation: resendConfirmation(appUrl) },
        actions: {
          notifySignedIn: () => notify({ title: msg`Welcome back!`, description: msg`You are now signed in.` }),
          notifyFailure: (_, failure) => notify({ variant: 'destructive', title: msg`Login error`, description: formFailureText(failure) ?? couldNotSignIn }),
          notifyGoogleFailure: (_, failure) =>
            notify({ variant: 'destructive', title: msg`Google login error`, description: formFailureText(failure) ?? couldNotSignIn }),
          notifyResent: () => notify({ title: msg`E-mail sent again`, description: msg`Check your inbox for the confirmation link.` }),
          // Back to where the visitor was going when the sign-in page was put in between.
          goToApp: () => navigate(nextFromLocation(appUrl)),
        },
      },
    ),
  )
})
