import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { EMAIL_LINK_PATH, type EmailLink, type EmailLinkEvent, type EmailLinkVerified, emailLinkMachine, readEmailLink } from '../../machines/email-link.machine'
import { PASSWORD_MIN_LENGTH } from '../../machines/register-rules'
import { routes } from '../../src/routes'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

const BUSY = ['confirming', 'settingPassword', 'adopting', 'following']

testMachinePaths('emailLink machine', emailLinkMachine, machineModels.emailLink.options, {
  start: () => {
    const fakes = {
      verifyEmailLink: controllablePromise<EmailLinkVerified, EmailLink>(),
      setPassword: controllablePromise<void, { password: string }>(),
      adoptSession: controllablePromise<void>(),
      followNewAddress: controllablePromise<void>(),
    }
    const effects = { goOn: vi.fn(), dropLinkSession: vi.fn(), focusPassword: vi.fn(), focusChoice: vi.fn() }
    const actor = createActor(
      emailLinkMachine.provide({
        actors: { verifyEmailLink: fakes.verifyEmailLink.logic, setPassword: fakes.setPassword.logic, adoptSession: fakes.adoptSession.logic, followNewAddress: fakes.followNewAddress.logic },
        actions: {
          goOn: (_, p) => effects.goOn(p.type),
          dropLinkSession: effects.dropLinkSession,
          focusPassword: effects.focusPassword,
          focusChoice: effects.focusChoice,
        },
      }),
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    const runs = Object.fromEntries(Object.entries(fakes).map(([name, fake]) => [name, fake.runs.length]))
    const started = (name: keyof typeof fakes) => fakes[name].runs.length - runs[name]!
    if (await applyOutcome(event, fakes)) {
      const type = from.context.link.type
      const verified = event.type === 'xstate.done.actor.verifyEmailLink' ? (event as { output?: EmailLinkVerified }).output : undefined
      // A new account's link sets the password chosen on the page, and never signs anyone in here.
      expect(started('setPassword')).toBe(verified && !verified.half && type === 'signup' ? 1 : 0)
      if (started('setPassword')) expect(fakes.setPassword.runs.at(-1)?.input).toEqual({ password: from.context.password })
      // This device takes the link's session only when nobody else is signed in here, or the person said so.
      expect(started('adoptSession')).toBe(verified && !verified.half && type !== 'signup' && !verified.otherSignedIn ? 1 : 0)
      expect(effects.focusChoice).toHaveBeenCalledTimes(verified && !verified.half && type !== 'signup' && verified.otherSignedIn ? 1 : 0)
      // A completed change of address first gives the payment customer the new address.
      expect(started('followNewAddress')).toBe(event.type === 'xstate.done.actor.adoptSession' && type === 'email_change' ? 1 : 0)
      const done =
        event.type === 'xstate.done.actor.setPassword' ||
        (event.type === 'xstate.done.actor.adoptSession' && type !== 'email_change') ||
        /^xstate\.(done|error)\.actor\.followNewAddress$/.test(event.type)
      if (done) expect(effects.goOn).toHaveBeenCalledWith(type)
      else expect(effects.goOn).not.toHaveBeenCalled()
      return
    }
    actor.send(event as EmailLinkEvent)
    const pressed = event.type === 'confirm.click'
    const shortPassword = from.context.link?.type === 'signup' && from.context.password.length < PASSWORD_MIN_LENGTH
    // Only a press spends the link, with the link read from the address, and a new account's only with a password.
    expect(started('verifyEmailLink')).toBe(pressed && (from.matches('ready') || from.matches('failed')) && !(from.matches('ready') && shortPassword) ? 1 : 0)
    if (started('verifyEmailLink')) expect(fakes.verifyEmailLink.runs.at(-1)?.input).toEqual(from.context.link)
    expect(started('setPassword')).toBe(pressed && from.matches('passwordRefused') && !shortPassword ? 1 : 0)
    expect(started('adoptSession')).toBe((event.type === 'switch.click' && from.matches('askingSwitch')) || (pressed && from.matches('adoptFailed')) ? 1 : 0)
    expect(effects.dropLinkSession).toHaveBeenCalledTimes(event.type === 'stay.click' && from.matches('askingSwitch') ? 1 : 0)
    expect(effects.focusPassword).toHaveBeenCalledTimes(pressed && shortPassword && (from.matches('ready') || from.matches('passwordRefused')) ? 1 : 0)
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context).toEqual(planned.context)
    expect(snapshot.hasTag('busy')).toBe(BUSY.includes(planned.value as string))
    expect(snapshot.can({ type: 'confirm.click' })).toBe(['ready', 'failed', 'passwordRefused', 'adoptFailed'].includes(planned.value as string))
  },
  stop: ({ actor }) => actor.stop(),
})

describe('readEmailLink', () => {
  it('takes a whole link of a known type, and the address it names when that is one', () => {
    expect(readEmailLink('?token_hash=pkce_ab12&type=signup')).toEqual({ tokenHash: 'pkce_ab12', type: 'signup' })
    expect(readEmailLink('?token_hash=ab12&type=email_change&extra=1')).toEqual({ tokenHash: 'ab12', type: 'email_change' })
    expect(readEmailLink('?token_hash=ab12&type=recovery&email=Kari%40Example.no')).toEqual({ tokenHash: 'ab12', type: 'recovery', email: 'kari@example.no' })
    expect(readEmailLink('?token_hash=ab12&type=recovery&email=not-an-address')).toEqual({ tokenHash: 'ab12', type: 'recovery' })
    for (const search of ['', '?type=recovery', '?token_hash=ab12', '?token_hash=ab12&type=magiclink', '?token_hash=a%20b&type=signup', `?token_hash=${'a'.repeat(257)}&type=signup`])
      expect(readEmailLink(search), search).toBeNull()
  })
})

describe('the page the e-mails link to', () => {
  it('is the route table’s page (the auth e-mails build their links with EMAIL_LINK_PATH)', () => {
    expect(routes.emailLink.path).toBe(EMAIL_LINK_PATH)
  })
})
