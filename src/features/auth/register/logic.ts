import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { registerFormMachine } from '../../../../machines/register-form.machine'
import { formEffects } from '../../../components/form/form-logic'
import { notify } from '../../../components/toaster/toaster'
import { perLang } from '../../../i18n/lang'
import { formFailureText } from '../../../lib/bot-check'
import { href } from '../../../routes'
import { continueWithProvider } from '../login/actors'
import { signUp } from './actors'

const couldNotCreate = msg`Could not create the account. Please try again.`
/** The title of a provider's failure to start, by provider. */
const providerFailureTitles = { google: msg`Google sign-up error`, linkedin_oidc: msg`LinkedIn sign-up error` }

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
        actors: { signUp: signUp(appUrl), continueWithProvider: continueWithProvider(appUrl) },
        actions: {
          notifyRegistered: () => notify({ title: msg`Account created!`, description: msg`Check your e-mail to confirm your account.` }),
          notifyFailure: (_, failure) =>
            notify({ variant: 'destructive', title: msg`Registration error`, description: formFailureText(failure) ?? couldNotCreate }),
          notifyProviderFailure: (_, failure) =>
            notify({ variant: 'destructive', title: providerFailureTitles[failure.provider], description: formFailureText(failure) ?? couldNotCreate }),
          goToLogin: () => navigate(href('login', lang)),
        },
      },
    ),
  )
})
