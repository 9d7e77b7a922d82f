import type { SnapshotFrom } from 'xstate'
import type { NewPasswordEvent, newPasswordMachine } from '../../../../machines/new-password.machine'
import type { PasswordResetRequestEvent, passwordResetRequestMachine } from '../../../../machines/password-reset-request.machine'
import { connectForm } from '../../../components/form/connect'
import { connectCodeStep } from '../two-factor/connect'
import { newPasswordFormId, RESET_AGAIN_ID, RESET_CODE_ID, resetRequestBotCheckId } from './dom'

/** From the "Forgot password?" form's snapshot to what its page shows. */
export function connectResetRequest(snapshot: SnapshotFrom<typeof passwordResetRequestMachine>, send: (event: PasswordResetRequestEvent) => void) {
  return {
    form: connectForm(snapshot, send, { botCheckId: resetRequestBotCheckId }),
    /** The neutral answer shows (the form is hidden, not removed: its field keeps the address). */
    sent: snapshot.matches('sent'),
    /** The address the link went to, as the form's schema made it. */
    email: snapshot.context.sent?.email ?? '',
    againProps: { id: RESET_AGAIN_ID, type: 'button' as const, onClick: () => send({ type: 'form.again' }) },
  }
}

/** From the new-password form's snapshot (the reset page's, the account page's) to what it shows. */
export function connectNewPassword(snapshot: SnapshotFrom<typeof newPasswordMachine>, send: (event: NewPasswordEvent) => void) {
  const form = connectForm(snapshot, send, { formId: newPasswordFormId })
  const { code, codeProblem, codeFailure } = snapshot.context
  return {
    form,
    /** The session is not known yet: a spinner. */
    loading: snapshot.hasTag('loading'),
    /** The link was used, expired, or never opened. */
    expired: snapshot.matches('expired'),
    /** An account with two-factor sign-in gives its authenticator code first. */
    askingCode: snapshot.matches('askingCode') || snapshot.matches('verifyingCode'),
    code: connectCodeStep({ id: RESET_CODE_ID, value: code, problem: codeProblem, failure: codeFailure, busy: form.busy }, send),
  }
}
