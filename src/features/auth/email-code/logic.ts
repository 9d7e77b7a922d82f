import { navigate } from 'wouter/use-browser-location'
import { type EmailCodeType, emailCodeMachine } from '../../../../machines/email-code.machine'
import { formEffects } from '../../../components/form/form-logic'
import { perLang } from '../../../i18n/lang'
import { href, type RouteKey } from '../../../routes'
import { verifyEmailCode } from './actors'

/** The code field's element id (a page shows it once). */
export const emailCodeFieldId = 'email-code'

/** Where a right code leads: a new account's, typed on the sign-in page after its password, to the
 * dashboard (the person has shown both the password and the mailbox); a reset's to the
 * new-password form. */
const nextPage: Record<EmailCodeType, RouteKey> = { signup: 'app', recovery: 'resetPassword' }

export const emailCodeLogic = perLang((lang) =>
  emailCodeMachine.provide(
    formEffects(
      emailCodeMachine,
      { lang, idOf: () => emailCodeFieldId },
      {
        actors: { verifyEmailCode },
        actions: { goOn: (_, { type }) => navigate(href(nextPage[type], lang)) },
      },
    ),
  ),
)
