import type { ChangeEvent, FormEvent } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { CodeFailure, CodeProblem, SecondFactorEvent, secondFactorMachine } from '../../../../machines/second-factor.machine'
import type { TwoFactorSettingsEvent, twoFactorSettingsMachine } from '../../../../machines/two-factor-settings.machine'
import { connectForm } from '../../../components/form/connect'
import * as styles from '../../../components/form/form.css'
import { SETTINGS_CODE_ID, SIGN_IN_CODE_FORM_ID, SIGN_IN_CODE_ID } from './logic'

type CodeSend = (event: { type: 'code.change'; value: string } | { type: 'form.submit' }) => void

/** A code step of a larger machine (the reset page's, the two-factor settings'): its form, its
 * field and its button. While the code is checked the field is read-only and the button only says
 * it waits, so the focus stays where it was. */
export function connectCodeStep(
  { id, value, problem, failure, busy }: { id: string; value: string; problem: CodeProblem | null; failure: CodeFailure | null; busy: boolean },
  send: CodeSend,
) {
  return {
    busy,
    formProps: {
      className: styles.form,
      noValidate: true,
      'aria-busy': busy,
      onSubmit: (event: FormEvent) => {
        event.preventDefault()
        send({ type: 'form.submit' })
      },
    },
    fieldProps: {
      input: { id, value, readOnly: busy, onChange: (event: ChangeEvent<HTMLInputElement>) => send({ type: 'code.change', value: event.currentTarget.value }) },
      problem,
      failure,
    },
    submitProps: { type: 'submit' as const, 'aria-disabled': busy },
  }
}

/** From sign-in's code step's snapshot to what it shows. */
export function connectSecondFactor(snapshot: SnapshotFrom<typeof secondFactorMachine>, send: (event: SecondFactorEvent) => void) {
  const form = connectForm(snapshot, send, { idOf: () => SIGN_IN_CODE_ID, formId: SIGN_IN_CODE_FORM_ID })
  return {
    form,
    fieldProps: { input: form.getInputProps('code'), problem: form.problemOf('code'), failure: snapshot.context.failure },
    signOutProps: form.getButtonProps(() => send({ type: 'signOut.click' })),
  }
}

/** From the account page's two-factor section's snapshot to what it shows. */
export function connectTwoFactorSettings(snapshot: SnapshotFrom<typeof twoFactorSettingsMachine>, send: (event: TwoFactorSettingsEvent) => void) {
  const busy = snapshot.hasTag('busy')
  const { factor, enrollment, code, problem, failure } = snapshot.context
  const settingUp = snapshot.matches('scanning') || snapshot.matches('confirming')
  const on = snapshot.matches('enabled') || snapshot.matches('confirmingRemoval') || snapshot.matches('removing')
  const button = (event: TwoFactorSettingsEvent) => ({ type: 'button' as const, 'aria-disabled': busy, onClick: () => send(event) })
  return {
    busy,
    loading: snapshot.matches('loading'),
    unavailable: snapshot.matches('unavailable'),
    /** Off: the button that sets it up shows. */
    offered: snapshot.matches('disabled') || snapshot.matches('starting'),
    /** Being set up: the QR code and the secret to scan or type. */
    enrollment: settingUp ? enrollment : null,
    /** On: the factor, with the way to remove it. */
    factor: on ? factor : null,
    /** Removing asks for a fresh code first. */
    askingForCode: snapshot.matches('confirmingRemoval') || (snapshot.matches('removing') && code !== ''),
    code: connectCodeStep({ id: SETTINGS_CODE_ID, value: code, problem, failure, busy }, send),
    retryProps: button({ type: 'retry.click' }),
    enrollProps: button({ type: 'enroll.click' }),
    removeProps: button({ type: 'remove.click' }),
    cancelProps: button({ type: 'cancel.click' }),
  }
}
