import type { SnapshotFrom } from 'xstate'
import type { RegisterFormEvent, registerFormMachine } from '../../../../machines/register-form.machine'
import { connectForm } from '../../../components/form/connect'
import { registerBotCheckId } from './logic'

/** From the registration form's snapshot to what its page shows. */
export function connectRegister(snapshot: SnapshotFrom<typeof registerFormMachine>, send: (event: RegisterFormEvent) => void) {
  const form = connectForm(snapshot, send, { botCheckId: registerBotCheckId })
  return {
    form,
    /** Why the backend found the password weak, when it did (`length`, `characters`, `pwned`). */
    weakReasons: snapshot.context.failure?.weakPasswordReasons ?? [],
    googleProps: form.getButtonProps(() => send({ type: 'google.click' })),
    linkedinProps: form.getButtonProps(() => send({ type: 'linkedin.click' })),
  }
}
