import { newPasswordMachine } from '../../../../machines/new-password.machine'
import { passwordResetRequestMachine } from '../../../../machines/password-reset-request.machine'
import type { ServerFailure } from '../../../lib/server-message'
import type { AuthActor } from '../../../lib/auth/auth-context'
import { requestPasswordReset, updatePassword, watchRecoverySession } from './actors'

const focusField = (_: unknown, { field }: { field: string }) => document.getElementById(field)?.focus()

/** What the views hand in: the toasts in the visitor's language, and where to go. */
interface RequestEffects {
  resetPagePath: string
  notifyFailure: (failure: ServerFailure) => void
}

export const passwordResetRequestLogic = ({ resetPagePath, notifyFailure }: RequestEffects) =>
  passwordResetRequestMachine.provide({
    actors: { requestPasswordReset: requestPasswordReset(resetPagePath) },
    actions: { focusField, notifyFailure: (_, failure) => notifyFailure(failure) },
  })

interface NewPasswordEffects {
  auth: AuthActor
  notifySaved: () => void
  notifyFailure: (failure: ServerFailure) => void
  /** Where to go once saved (the reset page: the dashboard); the account page stays. */
  goToApp?: () => void
}

export const newPasswordLogic = ({ auth, notifySaved, notifyFailure, goToApp }: NewPasswordEffects) =>
  newPasswordMachine.provide({
    actors: { watchRecoverySession: watchRecoverySession(auth), updatePassword },
    actions: { focusField, notifySaved, goToApp: () => goToApp?.(), notifyFailure: (_, failure) => notifyFailure(failure) },
  })
