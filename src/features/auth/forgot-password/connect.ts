import type { SnapshotFrom } from 'xstate'
import type { PasswordResetRequestEvent, passwordResetRequestMachine } from '../../../../machines/password-reset-request.machine'
import type { RecoveryCodeEvent, RecoveryCodeField, recoveryCodeMachine } from '../../../../machines/recovery-code.machine'
import { connectForm } from '../../../components/form/connect'
import { RECOVERY_CODE_TRIGGER_ID, RESET_AGAIN_ID, recoveryCodeFieldId, resetRequestBotCheckId } from './dom'

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

/** From the snapshot of "Forgot password?"'s form for a code from the e-mail (the address and the
 * code, on any device) to what it shows. */
export function connectRecoveryCode(snapshot: SnapshotFrom<typeof recoveryCodeMachine>, send: (event: RecoveryCodeEvent) => void) {
  const form = connectForm(snapshot, send, { idOf: (field: RecoveryCodeField) => recoveryCodeFieldId[field] })
  return {
    form,
    /** The form shows (else only its button). */
    open: !snapshot.matches('closed'),
    /** Why the last code was not taken. */
    failure: snapshot.context.failure,
    openProps: { id: RECOVERY_CODE_TRIGGER_ID, type: 'button' as const, onClick: () => send({ type: 'open.click' }) },
    cancelProps: form.getButtonProps(() => send({ type: 'cancel.click' })),
  }
}

