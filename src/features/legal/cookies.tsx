import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { PageLink } from '../../components/links'
import { company, mailto } from '../../content/company'
import { FactCards } from './fact-cards'
import type { LegalDocumentContent } from './legal-document'

const { privacyEmail } = company

function Intro() {
  return (
    <p>
      <Trans>
        This policy explains which cookies and similar technologies our website uses. In short: we set no analytics
        or marketing cookies, and the only thing we store in your browser is your sign-in session, and only if you
        sign in.
      </Trans>
    </p>
  )
}

function WhatAreCookies() {
  return (
    <>
      <p>
        <Trans>
          A cookie is a small text file that a website stores in your browser. Local storage is a similar
          technology: it lets a website keep information in your browser between visits. The rules for cookies also
          cover local storage, so we describe both here.
        </Trans>
      </p>
      <p>
        <Trans>
          Under the Norwegian Electronic Communications Act (ekomloven), a website may store or read information in
          your browser without consent only when it is strictly necessary to provide a service you have asked for.
          Everything else requires your consent first.
        </Trans>
      </p>
    </>
  )
}

function WhatWeUse() {
  return (
    <>
      <p>
        <Trans>
          <strong>If you only read the website, we store nothing in your browser.</strong> We set no cookies, the
          typeface is served from our own server, and the pages load no tracking scripts, advertising pixels or
          social media widgets.
        </Trans>
      </p>
      <p>
        <Trans>
          <strong>If you sign in</strong>, your session is kept in your browser's local storage, not in a cookie.
          It holds a short-lived access token, a token used to renew it, and basic details about your account. The
          access token is renewed automatically while you are signed in. Closing the browser does not remove the
          session: it stays until you sign out, or until it can no longer be renewed. If you sign in with Google
          or LinkedIn, their own access token is not stored.
        </Trans>
      </p>
      <p>
        <Trans>
          The session is strictly necessary to keep you signed in, so it does not require consent. We do not use it
          for anything else.
        </Trans>
      </p>
      <p>
        <Trans>
          <strong>If you fill in a form</strong>, Cloudflare's bot check (Turnstile) runs in your browser to tell a
          person from a script. It is strictly necessary to protect the forms, so it needs no consent.
        </Trans>
      </p>
    </>
  )
}

function NotInYourBrowser() {
  return (
    <>
      <p>
        <Trans>
          Like every web server, ours records technical details of each request, such as the IP address, browser
          type, the page requested and the time. These logs stay on the server, not in your browser, and are used
          only to keep the site secure and to fix errors. Our <PageLink to="privacy">privacy policy</PageLink>{' '}
          explains how we handle them.
        </Trans>
      </p>
      <p>
        <Trans>
          Apart from the bot check described above, which reads properties of your browser only while you fill in a
          form and only to tell a person from a script, we do not use fingerprinting or other techniques that
          recognize your device without cookies, and we do not share information about your visit with advertising
          networks.
        </Trans>
      </p>
    </>
  )
}

function Categories() {
  const { t } = useLingui()
  const purpose = t({ message: 'Purpose', context: 'legal: cookie category fact' })
  const retention = t({ message: 'Retention', context: 'legal: cookie category fact' })
  const inUse = t({ message: 'In use today', context: 'legal: cookie category fact' })

  return (
    <>
      <p>
        <Trans>
          These are the categories we may use, and the longest time anything in each category is kept in your
          browser. The retention periods are limits that also bind us if we add cookies in the future.
        </Trans>
      </p>
      <FactCards
        items={[
          {
            name: t({ message: 'Essential', context: 'legal: cookie category' }),
            facts: [
              [purpose, t`Needed for the site to work, such as security and keeping you signed in.`],
              [retention, t`Until you sign out, or until the session can no longer be renewed; closing the browser does not remove it.`],
              [inUse, t`No cookies. Sign-in uses local storage, as described above.`],
            ],
          },
          {
            name: t({ message: 'Analytics', context: 'legal: cookie category' }),
            facts: [
              [purpose, t`Counting visits and seeing, in aggregate, how the site is used.`],
              [retention, t`1–6 months, depending on the cookie.`],
              [inUse, t`No. We would set them only with your consent.`],
            ],
          },
          {
            name: t({ message: 'Preferences', context: 'legal: cookie category' }),
            facts: [
              [purpose, t`Remembering choices you make, such as a consent decision.`],
              [retention, t`Up to twelve months.`],
              [inUse, t`No. The language follows the address you visit (/ or /en).`],
            ],
          },
        ]}
      />
      <p>
        <Trans>
          We will not add analytics or preference cookies without first updating this policy, and we will set
          analytics cookies only after you have agreed to them through a clear choice on the site.
        </Trans>
      </p>
    </>
  )
}

function ThirdParties() {
  return (
    <>
      <p>
        <Trans
          comment="The bot check (Cloudflare Turnstile) is not in this list: it runs in a frame on our own pages, not on a page of its provider's, and the paragraph on forms above describes it. Whether it keeps anything in the browser is for the legal reviewer to confirm against Cloudflare's Turnstile privacy addendum before it is named here."
        >
          Two services you may choose to use are run on the providers' own pages, and they set their own cookies
          there:
        </Trans>
      </p>
      <ul>
        <li>
          <Trans>
            <strong>Stripe</strong>, when you pay for the Pro plan. Stripe uses cookies on its checkout pages to
            process the payment and to prevent fraud.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Google</strong>, when you choose to sign in with Google. Google uses cookies on its sign-in
            pages to identify you and keep your Google account secure.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>LinkedIn</strong>, when you choose “Continue with LinkedIn”. LinkedIn uses cookies on its
            sign-in pages to identify you and keep your LinkedIn account secure.
          </Trans>
        </li>
      </ul>
      <p>
        <Trans>
          Those cookies are governed by Stripe's, Google's and LinkedIn's own cookie policies. Our subprocessors are listed in
          the <PageLink to="security">security and subprocessors overview</PageLink>.
        </Trans>
      </p>
    </>
  )
}

function YourChoices() {
  return (
    <>
      <p>
        <Trans>
          You can see and delete cookies and local storage in your browser's settings, and block them for all or
          some websites. The public pages work fully without them. If you clear local storage for our site, you are
          signed out; if you block it, you cannot sign in.
        </Trans>
      </p>
      <p>
        <Trans>
          If we ask for your consent in the future, you will be able to withdraw it as easily as you gave it, at
          any time.
        </Trans>
      </p>
    </>
  )
}

function Changes() {
  return (
    <p>
      <Trans>
        We update this policy before we change what we store in your browser. The date at the top shows the latest
        revision.
      </Trans>
    </p>
  )
}

function Contact() {
  return (
    <p>
      <Trans>
        Questions about cookies or privacy go to <a href={mailto(privacyEmail)}>{privacyEmail}</a>. Our{' '}
        <PageLink to="privacy">privacy policy</PageLink> explains how we handle personal data in general.
      </Trans>
    </p>
  )
}

export const cookiePolicy: LegalDocumentContent = {
  title: msg({ message: 'Cookie policy', context: 'legal: cookies' }),
  Intro,
  sections: [
    {
      id: 'what-are-cookies',
      title: msg({ message: 'What cookies and similar technologies are', context: 'legal: cookies' }),
      Body: WhatAreCookies,
    },
    {
      id: 'what-we-use',
      title: msg({ message: 'What we store in your browser', context: 'legal: cookies' }),
      Body: WhatWeUse,
    },
    {
      id: 'server-logs',
      title: msg({ message: 'What is not stored in your browser', context: 'legal: cookies' }),
      Body: NotInYourBrowser,
    },
    {
      id: 'categories-and-retention',
      title: msg({ message: 'Categories and retention', context: 'legal: cookies' }),
      Body: Categories,
    },
    {
      id: 'third-parties',
      title: msg({ message: 'Third-party services', context: 'legal: cookies' }),
      Body: ThirdParties,
    },
    { id: 'your-choices', title: msg({ message: 'Your choices', context: 'legal: cookies' }), Body: YourChoices },
    { id: 'changes', title: msg({ message: 'Changes to this policy', context: 'legal: section heading' }), Body: Changes },
    { id: 'contact', title: msg({ message: 'Contact', context: 'legal: section heading' }), Body: Contact },
  ],
}
