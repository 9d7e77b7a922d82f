import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { accountDataMachine } from '../../../../machines/account-data.machine'
import { accountDeletionMachine } from '../../../../machines/account-deletion.machine'
import { emailChangeMachine } from '../../../../machines/email-change.machine'
import { otherSessionsMachine } from '../../../../machines/other-sessions.machine'
import { formEffects } from '../../../components/form/form-logic'
import { notify } from '../../../components/toaster/toaster'
import { perLang } from '../../../i18n/lang'
import { authSession } from '../../../lib/auth/session'
import { formFailureText } from '../../../lib/bot-check'
import { serverText } from '../../../lib/server-message'
import { href } from '../../../routes'
import { deleteAccount, exportAccount, saveJsonFile } from './actors'
import { requestEmailChange, signOutOthers } from './security-actors'

export const CONFIRM_FIELD_ID = 'delete-confirm'
export const DELETE_TRIGGER_ID = 'delete-account-trigger'

const tryAgain = msg`Please try again in a moment.`

/** Download my data: the export function's answer saved as a file. */
export const accountDataLogic = accountDataMachine.provide({
  actors: { exportAccount },
  actions: {
    saveFile: (_, { data }) => saveJsonFile(data),
    notifyFailure: (_, failure) =>
      notify({ variant: 'destructive', title: msg`Could not download your data`, description: serverText(failure) ?? tryAgain }),
  },
})

/** Delete my account: once deleted, the session ends and the user lands on the home page. */
export const accountDeletionLogic = perLang((lang) =>
  accountDeletionMachine.provide(
    formEffects(
      accountDeletionMachine,
      { lang, idOf: () => CONFIRM_FIELD_ID, triggerId: DELETE_TRIGGER_ID },
      {
        actors: { deleteAccount },
        actions: {
          endSession: () => authSession.send({ type: 'user.signOut' }),
          notifyDeleted: () => notify({ title: msg`Your account has been deleted`, description: msg`Thank you for trying Vekstlinje.` }),
          notifyFailure: (_, failure) =>
            notify({ variant: 'destructive', title: msg`Could not delete the account`, description: serverText(failure) ?? tryAgain }),
          goHome: () => navigate(href('home', lang)),
        },
      },
    ),
  ),
)

export const EMAIL_CHANGE_TRIGGER_ID = 'change-email-trigger'
export const emailChangeFieldId = { email: 'new-email', password: 'current-password' } as const
/** Where the e-mail change form's bot check renders. */
export const EMAIL_CHANGE_BOT_CHECK_ID = 'change-email-bot-check'

/** Change the e-mail address: links go to both addresses; the page shows the new one as pending. */
export const emailChangeLogic = perLang((lang) =>
  emailChangeMachine.provide(
    formEffects(
      emailChangeMachine,
      { lang, idOf: (field) => emailChangeFieldId[field as keyof typeof emailChangeFieldId], botCheckId: EMAIL_CHANGE_BOT_CHECK_ID, triggerId: EMAIL_CHANGE_TRIGGER_ID },
      {
        actors: { requestEmailChange },
        actions: {
          notifySent: (_, { email }) =>
            notify({
              title: msg`Check both inboxes`,
              description: msg`We sent a link to ${email} and one to your current address. The change is made once you have opened both.`,
            }),
          notifyFailure: (_, failure) =>
            notify({
              variant: 'destructive',
              title: msg`Could not change the address`,
              description: failure.code === 'email_exists' ? msg`Another account already uses this address.` : (formFailureText(failure) ?? tryAgain),
            }),
        },
      },
    ),
  ),
)

/** Sign out on all other devices. */
export const otherSessionsLogic = otherSessionsMachine.provide({
  actors: { signOutOthers },
  actions: {
    notifyDone: () =>
      notify({
        title: msg`Signed out on other devices`,
        description: msg({
          message: 'Your other devices have lost access and must sign in again. You are still signed in here.',
          comment:
            "“At once” is true, not “within the hour”: the functions and row-level security check that the token's session still exists, so a session ended here is refused on its next request (tests/e2e/account-security.spec.ts).",
        }),
      }),
    notifyFailure: (_, failure) =>
      notify({
        variant: 'destructive',
        title: msg({
          message: 'Could not sign out other devices',
          comment: 'Toast titles stay short with “Kunne ikke …”; the sentences under them say “Vi fikk ikke …”.',
        }),
        description: serverText(failure) ?? tryAgain,
      }),
  },
})
