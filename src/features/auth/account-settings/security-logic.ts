import { msg } from '@lingui/core/macro'
import { emailChangeMachine } from '../../../../machines/email-change.machine'
import { otherSessionsMachine } from '../../../../machines/other-sessions.machine'
import { notify } from '../../../components/toaster/toaster'
import { focusByIdAfterRender } from '../../../lib/dom'
import { serverText } from '../../../lib/server-message'
import { requestEmailChange, signOutOthers } from './security-actors'

export const EMAIL_CHANGE_TRIGGER_ID = 'change-email-trigger'
export const emailChangeFieldId = { email: 'new-email', password: 'current-password' } as const

const tryAgain = msg`Please try again in a moment.`

/** Change the e-mail address: links go to both addresses; the page shows the new one as pending. */
export const emailChangeLogic = emailChangeMachine.provide({
  actors: { requestEmailChange },
  actions: {
    focusField: (_, { field }) => focusByIdAfterRender(emailChangeFieldId[field]),
    focusTrigger: () => focusByIdAfterRender(EMAIL_CHANGE_TRIGGER_ID),
    notifySent: (_, { email }) =>
      notify({
        title: msg`Check both inboxes`,
        description: msg`We sent a link to ${email} and one to your current address. The change takes effect once you have pressed both.`,
      }),
    notifyFailure: (_, failure) =>
      notify({
        variant: 'destructive',
        title: msg`Could not change the address`,
        description: failure.code === 'email_exists' ? msg`Another account already uses this address.` : (serverText(failure) ?? tryAgain),
      }),
  },
})

/** Sign out on all other devices. */
export const otherSessionsLogic = otherSessionsMachine.provide({
  actors: { signOutOthers },
  actions: {
    notifyDone: () =>
      notify({ title: msg`Signed out on other devices`, description: msg`Every other device must sign in again. You stay signed in here.` }),
    notifyFailure: (_, failure) =>
      notify({ variant: 'destructive', title: msg`Could not sign out other devices`, description: serverText(failure) ?? tryAgain }),
  },
})
