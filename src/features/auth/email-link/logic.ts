import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { type EmailLinkType, emailLinkMachine } from '../../../../machines/email-link.machine'
import { notify } from '../../../components/toaster/toaster'
import { perLang } from '../../../i18n/lang'
import { href, type RouteKey } from '../../../routes'
import { followNewAddress, readLink, verifyEmailLink } from './actors'

/** Where a verified link leads: the dashboard, the new-password form, the account page. */
export const nextPage: Record<EmailLinkType, RouteKey> = { signup: 'app', recovery: 'resetPassword', email_change: 'account' }

/** Where a spent or broken link's person gets a new e-mail. */
export const newMailPage: Record<EmailLinkType, RouteKey> = { signup: 'login', recovery: 'forgotPassword', email_change: 'account' }

export const emailLinkLogic = perLang((lang) =>
  emailLinkMachine.provide({
    actors: { readLink, verifyEmailLink, followNewAddress },
    actions: {
      goOn: (_, { type }) => {
        if (type === 'email_change') {
          notify({ title: msg`Your e-mail address is changed`, description: msg`Use the new address the next time you sign in.` })
        }
        navigate(href(nextPage[type], lang))
      },
    },
  }),
)
