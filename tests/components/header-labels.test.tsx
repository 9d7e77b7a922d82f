import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Header } from '../../src/features/header/header'
import Footer from '../../src/features/footer/footer'
import { copyrightYears } from '../../src/content/company'
import { renderInApp } from '../render'

describe('header per language', () => {
  it.each([
    ['nb', '/', ['Priser', 'Bruksområder', 'Hjelp'], ['/pricing', '/use-cases', '/help'], 'EN', '/en', '/demo'],
    ['en', '/en', ['Pricing', 'Use cases', 'Help'], ['/en/pricing', '/en/use-cases', '/en/help'], 'NO', '/', '/en/demo'],
  ] as const)('%s: labels, links, toggle and demo button', (lang, path, labels, hrefs, toggle, toggleHref, demo) => {
    renderInApp(<Header />, { lang, path })
    const nav = screen.getByRole('navigation', { name: lang === 'nb' ? 'Hovedmeny' : 'Main' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(labels)
    expect(links.map((link) => link.getAttribute('href'))).toEqual(hrefs)
    expect(screen.getByRole('link', { name: toggle })).toHaveAttribute('href', toggleHref)
    expect(screen.getAllByRole('link', { name: 'Book demo' })[0]).toHaveAttribute('href', demo)
    expect(screen.getByRole('link', { name: /Vekstlinje –/ })).toHaveAttribute('href', path)
  })
})

describe('footer per language', () => {
  it.each([
    ['nb', ['/privacy', '/terms', '/dpa', '/security', '/cookies', '/demo', '/use-cases', '/api', '/help'], '/en'],
    ['en', ['/en/privacy', '/en/terms', '/en/dpa', '/en/security', '/en/cookies', '/en/demo', '/en/use-cases', '/en/api', '/en/help'], '/'],
  ] as const)('%s: nine links, language button, company facts', (lang, hrefs, toggleHref) => {
    renderInApp(<Footer />, { lang })
    const nav = screen.getByRole('navigation', { name: lang === 'nb' ? 'Bunntekst' : 'Footer' })
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(hrefs)
    expect(within(nav).getByRole('link', { name: 'Enterprise' })).toHaveAttribute('href', hrefs[6])
    expect(screen.getByRole('link', { name: lang === 'nb' ? 'English' : 'Norsk' })).toHaveAttribute('href', toggleHref)
    const info = screen.getByRole('contentinfo')
    expect(info).toHaveTextContent('Vekstlinje AS')
    expect(info).toHaveTextContent(/931 482 610/)
    expect(info).toHaveTextContent(lang === 'nb' ? 'Oslo, Norge' : 'Oslo, Norway')
    // From the first year of publication to the year of the build (today's, in a test run).
    const year = new Date().getFullYear()
    expect(info).toHaveTextContent(year > 2025 ? `© 2025–${year} Vekstlinje AS` : '© 2025 Vekstlinje AS')
    expect(screen.getByRole('link', { name: 'support@vekstlinje.no' })).toHaveAttribute('href', 'mailto:support@vekstlinje.no')
  })
})

describe('copyright years', () => {
  it('one year while the site is in its first year, a range after', () => {
    expect(copyrightYears(2025, 2025)).toBe('2025')
    expect(copyrightYears(2025, 2026)).toBe('2025–2026')
  })
})
