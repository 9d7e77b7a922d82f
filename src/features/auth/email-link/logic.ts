import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { type EmailLinkType, emailLinkMachine } from '../../../../machines/email-link.machine'
import { notify } from '../../../components/toaster/toaster'
import { perLang } from '../../../i18n/lang'
import { focusByIdAfterRender } from '../../../lib/dom'
import { href, type RouteKey } from '../../../routes'
import { adoptSession, dropLinkSession, followNewAddress, readLink, setPassword, verifyEmailLink } from './actors'

/** Where a verified link leads: sign-in (a new account signs in with the password it just chose),
 * the new-password form, the account page. */
export const nextPage: Record<EmailLinkType, RouteKey> = { signup: 'login', recovery: 'resetPassword', email_change: 'account' }

/** Where a spent or broken link's person gets a new e-mail. */
export const newMailPage: Record<EmailLinkType, RouteKey> = { signup: 'login', recovery: 'forgotPassword', email_change: 'account' }

export const LINK_PASSWORD_ID = 'link-password'
export const SWITCH_BUTTON_ID = 'link-switch'

export const emailLinkLogic = perLang((lang) =>
  emailLinkMachine.provide({
    actors: { readLink, verifyEmailLink, setPassword, adoptSession, followNewAddress },
    actions: {
      goOn: (_, { type }) => {
        if (type === 'signup') {
          notify({ title: msg`Your e-mail address is confirmed`, description: msg`Sign in with the password you just chose.` })
        }
        if (type === 'email_change') {
          notify({ title: msg`Your e-mail address has been changed`, description: msg`Use the new address the next time you sign in.` })
        }
        navigate(href(nextPage[type], lang))
      },
      dropLinkSession,
      focusPassword: () => focusByIdAfterRender(LINK_PASSWORD_ID),
      focusChoice: () => focusByIdAfterRender(SWITCH_BUTTON_ID),
    },
  }),
)
