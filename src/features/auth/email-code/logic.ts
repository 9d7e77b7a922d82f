import { navigate } from 'wouter/use-browser-location'
import { emailCodeMachine } from '../../../../machines/email-code.machine'
import { perLang } from '../../../i18n/lang'
import { focusById } from '../../../lib/dom'
import { href } from '../../../routes'
import { nextPage } from '../email-link/logic'
import { verifyEmailCode } from './actors'

/** The code field's element id (a page shows it once). */
export const emailCodeFieldId = 'email-code'

/** A right code leads where the e-mail's link does: the dashboard, or the new-password form. */
export const emailCodeLogic = perLang((lang) =>
  emailCodeMachine.provide({
    actors: { verifyEmailCode },
    actions: {
      goOn: (_, { type }) => navigate(href(nextPage[type], lang)),
      focusField: () => focusById(emailCodeFieldId),
    },
  }),
)
