import type { SnapshotFrom } from 'xstate'
import type { AccountDataEvent, accountDataMachine } from '../../../../machines/account-data.machine'
import type { AccountDeletionEvent, accountDeletionMachine } from '../../../../machines/account-deletion.machine'
import type { EmailChangeEvent, emailChangeMachine } from '../../../../machines/email-change.machine'
import type { OtherSessionsEvent, otherSessionsMachine } from '../../../../machines/other-sessions.machine'
import { connectForm } from '../../../components/form/connect'
import { CONFIRM_FIELD_ID, DELETE_TRIGGER_ID, EMAIL_CHANGE_BOT_CHECK_ID, EMAIL_CHANGE_TRIGGER_ID, emailChangeFieldId } from './logic'

/** From the address change's snapshot to what its section shows. */
export function connectEmailChange(snapshot: SnapshotFrom<typeof emailChangeMachine>, send: (event: EmailChangeEvent) => void) {
  const form = connectForm(snapshot, send, { idOf: (field) => emailChangeFieldId[field], botCheckId: EMAIL_CHANGE_BOT_CHECK_ID })
  return {
    form,
    /** The form shows (else only the button that opens it). */
    open: !snapshot.matches('closed'),
    triggerProps: { id: EMAIL_CHANGE_TRIGGER_ID, type: 'button' as const, onClick: () => send({ type: 'change.click' }) },
    cancelProps: form.getButtonProps(() => send({ type: 'cancel.click' })),
  }
}

/** From the account deletion's snapshot to what its section shows. */
export function connectAccountDeletion(snapshot: SnapshotFrom<typeof accountDeletionMachine>, send: (event: AccountDeletionEvent) => void) {
  const form = connectForm(snapshot, send, { idOf: () => CONFIRM_FIELD_ID })
  return {
    form,
    /** The confirm step shows (else only the button that starts it). */
    open: !snapshot.matches('closed'),
    triggerProps: { id: DELETE_TRIGGER_ID, type: 'button' as const, onClick: () => send({ type: 'delete.click' }) },
    cancelProps: form.getButtonProps(() => send({ type: 'cancel.click' })),
  }
}

/** A button that starts one request: while it runs, it only says it waits (it keeps the focus). */
const requestButton = (busy: boolean, onClick: () => void) => ({ type: 'button' as const, 'aria-disabled': busy, 'aria-busy': busy, onClick })

/** From the devices section's snapshot to its button. */
export function connectOtherSessions(snapshot: SnapshotFrom<typeof otherSessionsMachine>, send: (event: OtherSessionsEvent) => void) {
  const busy = snapshot.hasTag('busy')
  return { busy, buttonProps: requestButton(busy, () => send({ type: 'signOutOthers.click' })) }
}

/** From the data section's snapshot to its button. */
export function connectYourData(snapshot: SnapshotFrom<typeof accountDataMachine>, send: (event: AccountDataEvent) => void) {
  const busy = snapshot.hasTag('busy')
  return { busy, buttonProps: requestButton(busy, () => send({ type: 'export.click' })) }
}
