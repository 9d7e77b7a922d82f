import type { SnapshotFrom } from 'xstate'
import type { NewPasswordEvent, newPasswordMachine } from '../../../../machines/new-password.machine'
import { connectForm } from '../../../components/form/connect'
import { connectCodeStep } from '../two-factor/connect'
import { newPasswordFormId, RESET_CODE_ID } from './dom'

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
