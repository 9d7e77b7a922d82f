import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { EMAIL_LINK_PATH, type EmailLink, type EmailLinkEvent, type EmailLinkOutcome, emailLinkMachine, readEmailLink } from '../../machines/email-link.machine'
import { routes } from '../../src/routes'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('emailLink machine', emailLinkMachine, machineModels.emailLink.options, {
  start: () => {
    const fakes = { verifyEmailLink: controllablePromise<EmailLinkOutcome, EmailLink>(), followNewAddress: controllablePromise<void>() }
    const effects = { goOn: vi.fn() }
    const actor = createActor(
      emailLinkMachine.provide({
        actors: { verifyEmailLink: fakes.verifyEmailLink.logic, followNewAddress: fakes.followNewAddress.logic },
        actions: { goOn: (_, p) => effects.goOn(p.type) },
      }),
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    effects.goOn.mockClear()
    const verifies = fakes.verifyEmailLink.runs.length
    const follows = fakes.followNewAddress.runs.length
    if (await applyOutcome(event, fakes)) {
      const signedIn = event.type === 'xstate.done.actor.verifyEmailLink' && (event as { output?: EmailLinkOutcome }).output?.signedIn
      const changed = signedIn && from.context.link.type === 'email_change'
      // A completed change of address first gives the payment customer the new address, then goes on.
      expect(fakes.followNewAddress.runs.length - follows).toBe(changed ? 1 : 0)
      const followed = /^xstate\.(done|error)\.actor\.followNewAddress$/.test(event.type)
      // On only once verified and signed in, to where the link's type leads.
      if ((signedIn && !changed) || followed) expect(effects.goOn).toHaveBeenCalledWith(from.context.link.type)
      else expect(effects.goOn).not.toHaveBeenCalled()
      return
    }
    actor.send(event as EmailLinkEvent)
    // Only a press spends the link, and with the link read from the address.
    const pressed = event.type === 'confirm.click' && (from.matches('ready') || from.matches('failed'))
    expect(fakes.verifyEmailLink.runs.length - verifies).toBe(pressed ? 1 : 0)
    if (pressed) expect(fakes.verifyEmailLink.runs.at(-1)?.input).toEqual(from.context.link)
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context).toEqual(planned.context)
    expect(snapshot.hasTag('busy')).toBe(planned.value === 'confirming' || planned.value === 'following')
    expect(snapshot.can({ type: 'confirm.click' })).toBe(['ready', 'failed'].includes(planned.value as string))
  },
  stop: ({ actor }) => actor.stop(),
})

describe('readEmailLink', () => {
  it('takes a whole link of a known type, nothing else', () => {
    expect(readEmailLink('?token_hash=pkce_ab12&type=signup')).toEqual({ tokenHash: 'pkce_ab12', type: 'signup' })
    expect(readEmailLink('?token_hash=ab12&type=email_change&extra=1')).toEqual({ tokenHash: 'ab12', type: 'email_change' })
    for (const search of ['', '?type=recovery', '?token_hash=ab12', '?token_hash=ab12&type=magiclink', '?token_hash=a%20b&type=signup', `?token_hash=${'a'.repeat(257)}&type=signup`])
      expect(readEmailLink(search), search).toBeNull()
  })
})

describe('the page the e-mails link to', () => {
  it('is the route table’s page (the e-mail templates build their links with EMAIL_LINK_PATH)', () => {
    expect(routes.emailLink.path).toBe(EMAIL_LINK_PATH)
  })
})
