import type { FormEvent } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { EmailLinkEvent, EmailLinkType, emailLinkMachine } from '../../../../machines/email-link.machine'
import { LINK_PASSWORD_ID, SWITCH_BUTTON_ID } from './logic'

/** What the page shows, by the machine's state. */
export type EmailLinkView = 'waiting' | 'choosing' | 'stayed' | 'half' | 'expired' | 'incomplete' | 'mismatched' | 'done'

const VIEW: Record<string, EmailLinkView> = {
  reading: 'waiting',
  ready: 'waiting',
  confirming: 'waiting',
  settingPassword: 'waiting',
  passwordRefused: 'waiting',
  adopting: 'waiting',
  adoptFailed: 'waiting',
  following: 'waiting',
  failed: 'waiting',
  askingSwitch: 'choosing',
  stayed: 'stayed',
  halfConfirmed: 'half',
  expired: 'expired',
  incomplete: 'incomplete',
  mismatched: 'mismatched',
  confirmed: 'done',
}

/** From the confirmation page's snapshot to what it shows and the props of its parts. */
export function connectEmailLink(snapshot: SnapshotFrom<typeof emailLinkMachine>, send: (event: EmailLinkEvent) => void) {
  const state = snapshot.value as string
  const busy = snapshot.hasTag('busy')
  const { link, verified, passwordProblem, failure } = snapshot.context
  const type: EmailLinkType | undefined = link?.type
  // A new account's password: asked before the press, and again if the auth service refused it.
  const asksPassword = type === 'signup' && ['reading', 'ready', 'confirming', 'settingPassword', 'passwordRefused', 'failed'].includes(state)
  const problemId = `${LINK_PASSWORD_ID}-problem`
  const passwordRefused = state === 'passwordRefused' ? failure : null
  // The prerendered page knows no link: what depends on it comes once the address is read.
  const unread = state === 'reading' ? '' : undefined
  return {
    view: VIEW[state] ?? 'waiting',
    state,
    type,
    busy,
    /** The address the link names (before the press) or belongs to (after it). */
    address: verified?.account || link?.email || null,
    /** Someone else signed in on this device, when the person must choose. */
    signedInAs: verified?.otherSignedIn ?? null,
    failure: state === 'failed' || state === 'adoptFailed' ? failure : null,
    asksPassword,
    passwordProblem,
    passwordRefused,
    passwordProps: {
      id: LINK_PASSWORD_ID,
      name: 'password',
      type: 'password' as const,
      autoComplete: 'new-password',
      readOnly: busy,
      'aria-invalid': passwordProblem || passwordRefused ? true : undefined,
      'aria-describedby': passwordProblem || passwordRefused ? problemId : `${LINK_PASSWORD_ID}-hint`,
      onChange: (event: { currentTarget: { value: string } }) => send({ type: 'password.change', value: event.currentTarget.value }),
    },
    problemId,
    /** Until the link is read, the page's script has named its task by the page's kind of link
     * (`html[data-link-type]`, email-link.css.ts). */
    titleProps: { 'data-unread': unread },
    formProps: {
      noValidate: true,
      'aria-busy': busy,
      'data-unread': unread,
      onSubmit: (event: FormEvent) => {
        event.preventDefault()
        send({ type: 'confirm.click' })
      },
    },
    // Never disabled: the button keeps the focus through the press; the machine takes no press while busy.
    confirmProps: { type: 'submit' as const, 'aria-disabled': busy || !snapshot.can({ type: 'confirm.click' }) },
    switchProps: { id: SWITCH_BUTTON_ID, type: 'button' as const, onClick: () => send({ type: 'switch.click' }) },
    stayProps: { type: 'button' as const, onClick: () => send({ type: 'stay.click' }) },
  }
}
