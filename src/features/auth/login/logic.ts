import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { type LoginFormEvent, loginFields, loginFormMachine, loginValidator } from '../../../../machines/login-form.machine'
import { readTypedValues, schemaActors } from '../../../components/form/typed-values'
import { notify } from '../../../components/toaster/toaster'
import { perLang } from '../../../i18n/lang'
import { focusById } from '../../../lib/dom'
import { nextFromLocation } from '../../../lib/safe-next'
import { botCheckLoader, formFailureText, resetBotCheck, watchBotCheck } from '../../../lib/bot-check'
import { href } from '../../../routes'
import { resendConfirmation, signInWithGoogle, signInWithPassword } from '../actors'

const couldNotSignIn = msg`Could not sign in. Please try again.`

/** Where the sign-in form's bot check renders. */
export const loginBotCheckId = 'login-bot-check'

/** The sign-in form's real effects, for the page's language. */
export const loginLogic = perLang((lang) => {
  const appUrl = href('app', lang)
  return loginFormMachine.provide({
    actors: {
      signIn: signInWithPassword,
      readTypedValues: readTypedValues<LoginFormEvent>(loginFields, loginValidator),
      ...schemaActors<LoginFormEvent>(loginValidator),
      signInWithGoogle: signInWithGoogle(appUrl),
      resendConfirmation: resendConfirmation(appUrl),
      watchBotCheck: watchBotCheck(loginBotCheckId, lang),
    },
    actions: {
      notifySignedIn: () => notify({ title: msg`Welcome back!`, description: msg`You are now signed in.` }),
      notifyFailure: (_, failure) =>
        notify({ variant: 'destructive', title: msg`Login error`, description: formFailureText(failure) ?? couldNotSignIn }),
      notifyGoogleFailure: (_, failure) =>
        notify({ variant: 'destructive', title: msg`Google login error`, description: formFailureText(failure) ?? couldNotSignIn }),
      notifyResent: () => notify({ title: msg`E-mail sent again`, description: msg`Check your inbox for the confirmation link.` }),
      focusField: (_, { field }) => focusById(field),
      resetBotCheck: resetBotCheck(loginBotCheckId),
      loadBotCheck: () => {
        botCheckLoader.load().catch(() => {})
      },
      // Back to where the visitor was going when the sign-in page was put in between.
      goToApp: () => navigate(nextFromLocation(appUrl)),
    },
  })
})
