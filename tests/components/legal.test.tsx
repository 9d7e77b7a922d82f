import { screen, within } from '@testing-library/react'
import type { ComponentType } from 'react'
import { describe, expect, it } from 'vitest'
import type { Lang } from '../../src/i18n/lang'
import { company } from '../../src/content/company'
import CookiesPage from '../../src/views/cookies-page'
import DpaPage from '../../src/views/dpa-page'
import LegalHubPage from '../../src/views/legal-hub-page'
import PrivacyPage from '../../src/views/privacy-page'
import SecurityPage from '../../src/views/security-page'
import TermsPage from '../../src/views/terms-page'
import { renderInApp } from '../render'

type Expectations = Record<Lang, { title: string; has: RegExp[]; hasNot?: RegExp[] }>

interface Doc {
  name: string
  path: string
  Page: ComponentType
  expect: Expectations
}

const oslo = { en: /Oslo District Court \(Oslo tingrett\)/, nb: /Oslo tingrett/ }

/** What each document must say (spec section 9), in each language. */
const docs: Doc[] = [
  {
    name: 'privacy policy',
    path: '/privacy',
    Page: PrivacyPage,
    expect: {
      en: {
        title: 'Privacy policy',
        has: [
          /within 72 hours/,
          /up to 24 months after it ends/,
          /deleted automatically after 24 months, unless the relationship is renewed/,
          /deleted automatically 24 months after they were sent/,
          /keyed hash of your IP address/,
          /bokføringsloven/,
          /Brevo \(Sendinblue SAS\): E-mail: account confirmations and password resets/,
          /Stripe Payments Europe Ltd\.: The EU-US Data Privacy Framework/,
          /within 30 days after termination/,
          /We answer within 30 days/,
          /within 60 days/,
          /Datatilsynet/,
          /personopplysningsloven/,
          /we store the secret key your authenticator app uses to make its codes/,
        ],
        hasNot: [/48 hours/],
      },
      nb: {
        title: 'Personvernerklæring',
        has: [
          /innen 72 timer/,
          /inntil 24 måneder etter at det er avsluttet/,
          /slettes automatisk etter 24 måneder, med mindre forholdet fornyes/,
          /slettes automatisk 24 måneder etter at de ble sendt/,
          /nøkkelbasert hash av IP-adressen din/,
          /bokføringsloven/,
          /Brevo \(Sendinblue SAS\): E-post: kontobekreftelser/,
          /within 30 days after termination|innen 30 dager etter opphør/,
          /Vi svarer innen 30 dager/,
          /innen 60 dager/,
          /Datatilsynet/,
          /Vi lagrer den hemmelige nøkkelen som autentiseringsappen din bruker til å lage kodene/,
        ],
        hasNot: [/48 timer/],
      },
    },
  },
  {
    name: 'terms of service',
    path: '/terms',
    Page: TermsPage,
    expect: {
      en: {
        title: 'Terms of service',
        has: [
          /no later than 72 hours after becoming aware/,
          /at least seven days before the next billing cycle/,
          /renew automatically/,
          /paid us in the preceding three months/,
          /Norwegian kroner \(NOK\), excluding VAT/,
          /2\u00a0499\u00a0NOK per month excluding VAT \(3\u00a0123\.75\u00a0NOK including 25 % VAT\)/,
          /“Manage subscription”/,
          /stays active until the end of the month you have paid for/,
          /sold to businesses only/,
          /non-refundable once work on the period they cover has started/,
          /Invoices are paid before delivery/,
          /governed by Norwegian law/,
          oslo.en,
        ],
        hasNot: [/48 hours/],
      },
      nb: {
        title: 'Vilkår for bruk',
        has: [
          /senest 72 timer etter at vi ble kjent med det/,
          /senest sju dager før neste faktureringsperiode/,
          /fornyes automatisk/,
          /de foregående tre månedene/,
          /norske kroner \(NOK\), eksklusive merverdiavgift/,
          /2\u00a0499\u00a0kr per måned eksklusive merverdiavgift \(3\u00a0123,75\u00a0kr med 25 % merverdiavgift\)/,
          /«Administrer abonnementet»/,
          /selges bare til virksomheter/,
          /refunderes ikke når arbeidet med perioden de gjelder for, har startet/,
          /Fakturaer betales før levering/,
          /norsk rett/,
          oslo.nb,
        ],
        hasNot: [/48 timer/],
      },
    },
  },
  {
    name: 'cookie policy',
    path: '/cookies',
    Page: CookiesPage,
    expect: {
      en: {
        title: 'Cookie policy',
        has: [/Until you sign out/, /closing the browser does not remove it/, /1–6 months/, /Up to twelve months/, /local storage/, /we set no analytics or marketing cookies/],
        hasNot: [/Session only/],
      },
      nb: {
        title: 'Informasjonskapsler',
        has: [/Til du logger ut/, /forsvinner ikke når du lukker nettleseren/, /1–6 måneder/, /Inntil tolv måneder/, /lokal lagring/, /Vi setter ingen analyse- eller markedsføringskapsler/],
        hasNot: [/Kun økten/],
      },
    },
  },
  {
    name: 'data processing agreement',
    path: '/dpa',
    Page: DpaPage,
    expect: {
      en: {
        title: 'Data processing agreement',
        has: [
          /no later than 48 hours/,
          /at most once per year/,
          /every six months/,
          /within 30 days after termination/,
          /deleted within 60 days/,
          /24 months after it was collected/,
          /preceding three months/,
          /within 30 days;/,
          oslo.en,
        ],
        hasNot: [/72 hours/],
      },
      nb: {
        title: 'Databehandleravtale',
        has: [
          /senest 48 timer/,
          /høyst én gang per år/,
          /hver sjette måned/,
          /innen 30 dager etter opphør/,
          /slettes innen 60 dager/,
          /24 måneder etter at de ble samlet inn/,
          /foregående tre månedene/,
          oslo.nb,
        ],
        hasNot: [/72 timer/],
      },
    },
  },
  {
    name: 'security and subprocessors overview',
    path: '/security',
    Page: SecurityPage,
    expect: {
      en: {
        title: 'Security and subprocessors',
        has: [
          /Hetzner Online GmbH/,
          /Supabase Inc\./,
          /Stripe Payments Europe Ltd\./,
          /Brevo \(Sendinblue SAS\)/,
          /Google Ireland Ltd\./,
          /eu-central-1/,
          /Every six months/,
          /at most once per year/,
          /within 48 hours/,
          /within 72 hours/,
          /within 60 days/,
          // What a buyer's security questionnaire asks of the product's own accounts.
          /Users can turn on two-step verification with an authenticator app; the database then requires the code before the account's data can be read/,
          /sign out all other devices, which lose access at once/,
        ],
      },
      nb: {
        title: 'Sikkerhet og underleverandører',
        has: [
          /Hetzner Online GmbH/,
          /Supabase Inc\./,
          /Stripe Payments Europe Ltd\./,
          /Brevo \(Sendinblue SAS\)/,
          /Google Ireland Ltd\./,
          /eu-central-1/,
          /Hver sjette måned/,
          /høyst én gang per år/,
          /innen 48 timer/,
          /innen 72 timer/,
          /innen 60 dager/,
          /Brukere kan slå på totrinnsbekreftelse med en autentiseringsapp; da krever databasen koden før kontoens data kan leses/,
          /logge ut alle andre enheter, som da mister tilgangen med en gang/,
        ],
      },
    },
  },
]

const langs: Lang[] = ['nb', 'en']
const tocName: Record<Lang, string> = { nb: 'Innhold', en: 'Contents' }
const lastUpdated: Record<Lang, string> = { nb: 'Sist oppdatert 13. oktober 2025', en: 'Last updated October 13, 2025' }
const prefix: Record<Lang, string> = { nb: '', en: '/en' }

function renderDoc(doc: Doc, lang: Lang) {
  const result = renderInApp(<doc.Page />, { lang, path: `${prefix[lang]}${doc.path}` })
  // Runs of white space become one space; no-break spaces (a price's) are kept.
  const text = (result.container.textContent ?? '').replace(/[^\S\u00a0]+/g, ' ')
  return { ...result, text }
}

describe.each(langs)('legal documents (%s)', (lang) => {
  describe.each(docs)('$name', (doc) => {
    it('has one h1 with the translated title and the last-updated line', () => {
      const { container } = renderDoc(doc, lang)
      const h1 = screen.getAllByRole('heading', { level: 1 })
      expect(h1).toHaveLength(1)
      expect(h1[0]).toHaveTextContent(doc.expect[lang].title)
      expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === lastUpdated[lang])).toBeInTheDocument()
      expect(container.querySelector('time[datetime="2025-10-13"]')).not.toBeNull()
    })

    it('links every table-of-contents entry to a numbered section', () => {
      const { container } = renderDoc(doc, lang)
      const toc = screen.getByRole('navigation', { name: tocName[lang] })
      const links = within(toc).getAllByRole('link')
      const sections = [...container.querySelectorAll('section[id]')]
      expect(links.length).toBeGreaterThan(3)
      expect(links).toHaveLength(sections.length)
      links.forEach((link, index) => {
        const hash = link.getAttribute('href') ?? ''
        expect(hash).toMatch(/^#[a-z0-9-]+$/)
        const target = container.querySelector(`[id="${hash.slice(1)}"]`)
        expect(target?.tagName).toBe('SECTION')
        expect(target).toBe(sections[index])
        const heading = within(target as HTMLElement).getByRole('heading', { level: 2 })
        expect(heading.textContent).toMatch(new RegExp(`^${index + 1}\\.`))
        expect(heading.textContent?.replace(/\s+/g, '')).toBe(link.textContent?.replace(/\s+/g, ''))
      })
    })

    it('states the constants that belong in it', () => {
      const { text } = renderDoc(doc, lang)
      for (const pattern of doc.expect[lang].has) expect(text).toMatch(pattern)
      for (const pattern of doc.expect[lang].hasNot ?? []) expect(text).not.toMatch(pattern)
    })
  })

  it('uses the same anchors in both languages', () => {
    for (const doc of docs) {
      const ids = (l: Lang) => {
        const { container, unmount } = renderDoc(doc, l)
        const list = [...container.querySelectorAll('section[id]')].map((s) => s.id)
        unmount()
        return list
      }
      expect(ids(lang)).toEqual(ids(lang === 'nb' ? 'en' : 'nb'))
    }
  })

  it('gives the data processing agreement exactly 13 numbered sections', () => {
    const dpa = docs.find((doc) => doc.path === '/dpa')!
    const { container } = renderDoc(dpa, lang)
    const headings = [...container.querySelectorAll('section[id] > h2')].map((h) => h.textContent ?? '')
    expect(headings).toHaveLength(13)
    expect(headings.map((heading) => heading.match(/^(\d+)\./)?.[1])).toEqual(
      Array.from({ length: 13 }, (_, index) => String(index + 1)),
    )
  })
})

describe.each(langs)('legal and trust hub (%s)', (lang) => {
  const cards: Record<Lang, Array<[string, string]>> = {
    en: [
      ['Privacy policy', '/en/privacy'],
      ['Terms of service', '/en/terms'],
      ['Data processing agreement', '/en/dpa'],
      ['Subprocessors and security', '/en/security'],
      ['Cookie policy', '/en/cookies'],
    ],
    nb: [
      ['Personvernerklæring', '/privacy'],
      ['Vilkår for bruk', '/terms'],
      ['Databehandleravtale', '/dpa'],
      ['Underleverandører og sikkerhet', '/security'],
      ['Informasjonskapsler', '/cookies'],
    ],
  }

  it('shows five cards linking to the documents in the current language', () => {
    renderInApp(<LegalHubPage />, { lang, path: `${prefix[lang]}/api` })
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const list = screen.getByRole('list')
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(5)
    items.forEach((item, index) => {
      const [name, href] = cards[lang][index]!
      const link = within(item).getByRole('link', { name })
      expect(link).toHaveAttribute('href', href)
      expect(within(item).getByRole('heading', { level: 3 })).toHaveTextContent(name)
    })
  })

  it('shows the contact e-mail and the Oslo address', () => {
    const { container } = renderInApp(<LegalHubPage />, { lang, path: `${prefix[lang]}/api` })
    expect(screen.getByRole('link', { name: company.privacyEmail })).toHaveAttribute(
      'href',
      `mailto:${company.privacyEmail}`,
    )
    const address = container.querySelector('address')
    expect(address).toHaveTextContent(company.street)
    expect(address).toHaveTextContent(`${company.postalCode} ${company.city}`)
    expect(address).toHaveTextContent(lang === 'nb' ? 'Norge' : 'Norway')
  })
})

describe.each(langs)('the subprocessor list on the legal pages (%s)', (lang) => {
  it('the privacy policy and the security page name every subprocessor, its location and transfer basis', async () => {
    const { subprocessors } = await import('../../src/features/legal/subprocessors')
    for (const doc of docs.filter((d) => d.path === '/privacy' || d.path === '/security')) {
      const { text, unmount, i18n } = renderDoc(doc, lang)
      for (const vendor of subprocessors) {
        expect(text, `${doc.name}: ${vendor.name}`).toContain(vendor.name)
        expect(text).toContain(i18n._(vendor.location).replace(/\s+/g, ' '))
        if (doc.path === '/security' || vendor.transfersOutsideEea) expect(text).toContain(i18n._(vendor.transfer).replace(/\s+/g, ' '))
      }
      unmount()
    }
  })
})
