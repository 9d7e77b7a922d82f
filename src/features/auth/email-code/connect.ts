import type { SnapshotFrom } from 'xstate'
import type { EmailCodeEvent, emailCodeMachine } from '../../../../machines/email-code.machine'
import { connectForm } from '../../../components/form/connect'
import { emailCodeFieldId } from './logic'

/** From the e-mailed code's form's snapshot to what it shows. */
export function connectEmailCode(snapshot: SnapshotFrom<typeof emailCodeMachine>, send: (event: EmailCodeEvent) => void) {
  return {
    form: connectForm(snapshot, send, { idOf: () => emailCodeFieldId }),
    /** Why the last code was not taken (wrong, used, old, too many tries, or no answer). */
    failure: snapshot.context.failure,
  }
}
