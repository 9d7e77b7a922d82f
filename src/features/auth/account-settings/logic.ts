import { msg } from '@lingui/core/macro'
import { navigate } from 'wouter/use-browser-location'
import { accountDataMachine } from '../../../../machines/account-data.machine'
import { accountDeletionMachine } from '../../../../machines/account-deletion.machine'
import { notify } from '../../../components/toaster/toaster'
import { perLang } from '../../../i18n/lang'
import { authSession } from '../../../lib/auth/session'
import { focusByIdAfterRender } from '../../../lib/dom'
import { serverText } from '../../../lib/server-message'
import { href } from '../../../routes'
import { deleteAccount, exportAccount, saveJsonFile } from './actors'

export const CONFIRM_FIELD_ID = 'delete-confirm'
export const DELETE_TRIGGER_ID = 'delete-account-trigger'

const tryAgain = msg`Please try again in a moment.`

/** Download my data: the export function's answer saved as a file. */
export const accountDataLogic = accountDataMachine.provide({
  actors: { exportAccount },
  actions: {
    saveFile: (_, { data }) => saveJsonFile(data),
    notifyFailure: (_, failure) =>
      notify({ variant: 'destructive', title: msg`Could not prepare your data`, description: serverText(failure) ?? tryAgain }),
  },
})

/** Delete my account: once deleted, the session ends and the user lands on the home page. */
export const accountDeletionLogic = perLang((lang) =>
  accountDeletionMachine.provide({
    actors: { deleteAccount },
    actions: {
      // After the view has rendered the field (the state's entry runs before it exists).
      focusConfirmField: () => focusByIdAfterRender(CONFIRM_FIELD_ID),
      focusTrigger: () => focusByIdAfterRender(DELETE_TRIGGER_ID),
      endSession: () => authSession.send({ type: 'user.signOut' }),
      notifyDeleted: () => notify({ title: msg`Your account has been deleted`, description: msg`Thank you for trying Vekstlinje.` }),
      notifyFailure: (_, failure) =>
        notify({ variant: 'destructive', title: msg`Could not delete the account`, description: serverText(failure) ?? tryAgain }),
      goHome: () => navigate(href('home', lang)),
    },
  }),
)
