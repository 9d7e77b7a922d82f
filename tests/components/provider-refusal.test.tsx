// Back on the sign-in page from a provider that said no (the gate passed the refusal on in
// `refused`): the page says why in the visitor's language, above the buttons, and the address
// loses `refused` (a reload does not say it again) but keeps the way back.
import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ProviderRefusal } from '../../machines/oauth'
import { LoginForm } from '../../src/features/auth/login/login-form'
import { renderInApp } from '../render'

const texts: Record<'nb' | 'en', Record<ProviderRefusal, string>> = {
  nb: {
    linkedinCancelled: 'Du avbrøt innloggingen hos LinkedIn, så du er ikke logget inn. Prøv igjen, eller logg inn på en annen måte nedenfor.',
    denied: 'Innloggingen ble avbrutt eller avvist, så du er ikke logget inn. Prøv igjen, eller logg inn på en annen måte nedenfor.',
    failed: 'Innloggingen gikk ikke gjennom, så du er ikke logget inn. Prøv igjen, eller logg inn på en annen måte nedenfor.',
  },
  en: {
    linkedinCancelled: 'You canceled the sign-in at LinkedIn, so you are not signed in. Try again, or sign in another way below.',
    denied: 'The sign-in was canceled or refused, so you are not signed in. Try again, or sign in another way below.',
    failed: 'The sign-in did not go through, so you are not signed in. Try again, or sign in another way below.',
  },
}

describe.each(['nb', 'en'] as const)('the sign-in page back from a provider (%s)', (lang) => {
  const login = lang === 'nb' ? '/login' : '/en/login'
  for (const refusal of Object.keys(texts[lang]) as ProviderRefusal[]) {
    it(`${refusal}: says why, before the provider buttons, and drops it from the address`, async () => {
      renderInApp(<LoginForm />, { lang, path: `${login}?next=%2Fapp&refused=${refusal}`, browserHistory: true })
      const notice = await screen.findByRole('alert')
      expect(notice).toHaveTextContent(texts[lang][refusal])
      const linkedin = screen.getByRole('button', { name: lang === 'nb' ? 'Fortsett med LinkedIn' : 'Continue with LinkedIn' })
      expect(notice.compareDocumentPosition(linkedin) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
      expect(`${location.pathname}${location.search}`).toBe(`${login}?next=%2Fapp`)
    })
  }

  it('says nothing without a refusal, or with one it does not know', async () => {
    renderInApp(<LoginForm />, { lang, path: `${login}?refused=elsewhere`, browserHistory: true })
    await act(async () => {})
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('button', { name: lang === 'nb' ? 'Fortsett med Google' : 'Continue with Google' })).toBeInTheDocument()
  })
})
