import type { SnapshotFrom } from 'xstate'
import type { LoginFormEvent, loginFormMachine } from '../../../../machines/login-form.machine'
import { connectForm } from '../../../components/form/connect'
import { loginBotCheckId } from './logic'

/** From the sign-in form's snapshot to what its page shows. */
export function connectLogin(snapshot: SnapshotFrom<typeof loginFormMachine>, send: (event: LoginFormEvent) => void) {
  const form = connectForm(snapshot, send, { botCheckId: loginBotCheckId })
  return {
    form,
    /** The address awaits confirmation: the notice, its resend button and the e-mailed code's form. */
    unconfirmed: snapshot.matches('unconfirmed') || snapshot.matches('checkingBotForResend') || snapshot.matches('resending'),
    /** The address signed in with, as the form's schema made it. */
    email: snapshot.context.sent?.email ?? '',
    googleProps: form.getButtonProps(() => send({ type: 'google.click' })),
    linkedinProps: form.getButtonProps(() => send({ type: 'linkedin.click' })),
    /** Back from a provider that said no: why, for the notice at the top. */
    refusal: snapshot.context.refusal,
    resendProps: form.getButtonProps(() => send({ type: 'resend.click' })),
  }
}
