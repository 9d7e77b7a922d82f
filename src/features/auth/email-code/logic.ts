import { navigate } from 'wouter/use-browser-location'
import { emailCodeMachine } from '../../../../machines/email-code.machine'
import { perLang } from '../../../i18n/lang'
import { focusById } from '../../../lib/dom'
import type { EmailCodeType } from '../../../../machines/email-code.machine'
import { href, type RouteKey } from '../../../routes'
import { verifyEmailCode } from './actors'

/** The code field's element id (a page shows it once). */
export const emailCodeFieldId = 'email-code'

/** Where a right code leads: a new account's, typed on the sign-in page after its password, to the
 * dashboard (the person has shown both the password and the mailbox); a reset's to the
 * new-password form. */
const nextPage: Record<EmailCodeType, RouteKey> = { signup: 'app', recovery: 'resetPassword' }

export const emailCodeLogic = perLang((lang) =>
  emailCodeMachine.provide({
    actors: { verifyEmailCode },
    actions: {
      goOn: (_, { type }) => navigate(href(nextPage[type], lang)),
      focusField: () => focusById(emailCodeFieldId),
    },
  }),
)
