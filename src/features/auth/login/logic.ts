import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { fromCallback } from 'xstate'
import { loginFormMachine } from '../../../../machines/login-form.machine'
import { formEffects } from '../../../components/form/form-logic'
import { notify } from '../../../components/toaster/toaster'
import { perLang } from '../../../i18n/lang'
import { formFailureText } from '../../../lib/bot-check'
import { refusalInQuery } from '../../../lib/auth/provider-return'
import { nextFromLocation } from '../../../lib/safe-next'
import { href } from '../../../routes'
import { continueWithProvider, resendConfirmation, signInWithPassword } from './actors'

const couldNotSignIn = msg`Could not sign in. Please try again.`
/** The title of a provider's failure to start, by provider. */
const providerFailureTitles = { google: msg`Google login error`, linkedin_oidc: msg`LinkedIn sign-in error` }

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
        actors: {
          signIn: signInWithPassword,
          continueWithProvider: continueWithProvider(appUrl),
          resendConfirmation: resendConfirmation(appUrl),
          // A provider's refusal the gate passed on: told once, and gone from the address.
          readProviderReturn: fromCallback(({ sendBack }) => {
            const refusal = refusalInQuery(location.search)
            if (!refusal) return
            sendBack({ type: 'provider.refused', refusal })
            const params = new URLSearchParams(location.search)
            params.delete('refused')
            history.replaceState(history.state, '', `${location.pathname}${params.size ? `?${params}` : ''}`)
          }),
        },
        actions: {
          notifySignedIn: () => notify({ title: msg`Welcome back!`, description: msg`You are now signed in.` }),
          notifyFailure: (_, failure) => notify({ variant: 'destructive', title: msg`Login error`, description: formFailureText(failure) ?? couldNotSignIn }),
          notifyProviderFailure: (_, failure) =>
            notify({ variant: 'destructive', title: providerFailureTitles[failure.provider], description: formFailureText(failure) ?? couldNotSignIn }),
          notifyResent: () => notify({ title: msg`E-mail sent again`, description: msg`Check your inbox for the confirmation link.` }),
          // Back to where the visitor was going when the sign-in page was put in between.
          goToApp: () => navigate(nextFromLocation(appUrl)),
        },
      },
    ),
  )
})
