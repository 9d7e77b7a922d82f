import type { I18n } from '@lingui/core'
import { href, type RouteKey } from '../../routes'
import { htmlLang, type Lang } from '../../i18n/lang'
import { company, mailto } from '../../content/company'
import { type Faq, helpFaqs, pricingFaqs } from '../../content/faqs'

/** The FAQ each page shows; the structured data is built from the same messages. */
const faqsByRoute: Partial<Record<RouteKey, readonly Faq[]>> = {
  pricing: pricingFaqs,
  help: helpFaqs,
}

function organization(origin: string, lang: Lang) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: company.brand,
    legalName: company.legalName,
    url: `${origin}${href('home', lang)}`,
    logo: `${origin}/favicon.svg`,
    email: company.supportEmail,
    taxID: company.orgNumber,
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.street,
      postalCode: company.postalCode,
      addressLocality: company.city,
      addressCountry: 'NO',
    },
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'sales', email: company.salesEmail, availableLanguage: ['nb', 'en'] },
      {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        email: company.supportEmail,
        url: mailto(company.supportEmail),
        availableLanguage: ['nb', 'en'],
        hoursAvailable: {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '09:00',
          closes: '17:00',
        },
      },
    ],
  }
}

function faqPage(faqs: readonly Faq[], i18n: I18n, origin: string, route: RouteKey, lang: Lang) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url: `${origin}${href(route, lang)}`,
    inLanguage: htmlLang[lang],
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: i18n._(faq.question),
      acceptedAnswer: { '@type': 'Answer', text: i18n._(faq.answer) },
    })),
  }
}

/** The JSON-LD objects a page carries: Organization on the home page, FAQPage where a FAQ shows. */
export function structuredDataFor(route: RouteKey, i18n: I18n, origin: string, lang: Lang): object[] {
  const data: object[] = []
  if (route === 'home') data.push(organization(origin, lang))
  const faqs = faqsByRoute[route]
  if (faqs) data.push(faqPage(faqs, i18n, origin, route, lang))
  return data
}

/** A `<script type="application/ld+json">` tag, safe to inline in HTML. */
export function jsonLdTag(data: object): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
  return `<script type="application/ld+json">${json}</script>`
}
