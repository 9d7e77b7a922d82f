// Registration, sign-in with Google or LinkedIn and checkout link the terms and the privacy policy where the data is collected.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ConsentNote } from '../../src/components/consent-note'
import type { Lang } from '../../src/i18n/lang'
import { renderInApp } from '../render'

const pages = { register: 'register', provider: 'login', checkout: 'checkout-pro' } as const
const expected: Record<Lang, { terms: string; privacy: string; prefix: string } & Record<keyof typeof pages, RegExp>> = {
  nb: {
    terms: 'vilkårene våre',
    privacy: 'Personvernerklæringen',
    prefix: '',
    register: /Ved å opprette en konto godtar du/,
    provider: /Ny her\? Fortsetter du med Google eller LinkedIn, opprettes en konto/,
    checkout: /Eksklusive merverdiavgift/,
  },
  en: {
    terms: 'terms of service',
    privacy: 'privacy policy',
    prefix: '/en',
    register: /By creating an account you accept/,
    provider: /New here\? Continuing with Google or LinkedIn creates an account/,
    checkout: /Excluding VAT/,
  },
}

describe.each(['nb', 'en'] as const)('the consent note (%s)', (lang) => {
  const e = expected[lang]
  for (const action of ['register', 'provider', 'checkout'] as const) {
    it(`${action}: says what accepting means and links both documents in the page's language`, () => {
      renderInApp(<ConsentNote action={action} />, { lang, path: `${e.prefix}/${pages[action]}` })
      expect(screen.getByTestId('consent-note')).toHaveTextContent(e[action])
      expect(screen.getByRole('link', { name: e.terms })).toHaveAttribute('href', `${e.prefix}/terms`)
      expect(screen.getByRole('link', { name: e.privacy })).toHaveAttribute('href', `${e.prefix}/privacy`)
    })
  }
})
