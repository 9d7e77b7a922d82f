import { accountDataMachine } from '../../../../machines/account-data.machine'
import { accountDeletionMachine } from '../../../../machines/account-deletion.machine'
import type { ServerFailure } from '../../../lib/server-message'
import type { AuthActor } from '../../../lib/auth/auth-context'
import { deleteAccount, exportAccount, saveJsonFile } from './actors'

export const CONFIRM_FIELD_ID = 'delete-confirm'
export const DELETE_TRIGGER_ID = 'delete-account-trigger'

export const accountDataLogic = ({ notifyFailure }: { notifyFailure: (failure: ServerFailure) => void }) =>
  accountDataMachine.provide({
    actors: { exportAccount },
    actions: { saveFile: (_, { data }) => saveJsonFile(data), notifyFailure: (_, failure) => notifyFailure(failure) },
  })

interface DeletionEffects {
  auth: AuthActor
  notifyDeleted: () => void
  notifyFailure: (failure: ServerFailure) => void
  goHome: () => void
}

export const accountDeletionLogic = ({ auth, notifyDeleted, notifyFailure, goHome }: DeletionEffects) =>
  accountDeletionMachine.provide({
    actors: { deleteAccount },
    actions: {
      // After the view has rendered the field (the state's entry runs before it exists).
      focusConfirmField: () => requestAnimationFrame(() => document.getElementById(CONFIRM_FIELD_ID)?.focus()),
      focusTrigger: () => requestAnimationFrame(() => document.getElementById(DELETE_TRIGGER_ID)?.focus()),
      endSession: () => auth.send({ type: 'user.signOut' }),
      notifyDeleted,
      notifyFailure: (_, failure) => notifyFailure(failure),
      goHome,
    },
  })
