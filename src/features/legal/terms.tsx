import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { PageLink } from '../../components/links'
import { paidPlans } from '../../../supabase/functions/_shared/plans'
import { useLang } from '../../i18n/use-lang'
import { company, mailto } from '../../content/company'
import { priceText, priceWithVatText } from '../../content/plan-texts'
import { postalAddress } from './company-facts'
import type { LegalDocumentContent } from './legal-document'

const { legalName, orgNumber, supportEmail, salesEmail } = company

function Intro() {
  return (
    <p>
      <Trans>
        These terms apply when a business buys our done-for-you LinkedIn service or uses our platform. Please read
        them before you sign an order or create an account. By signing an order, creating an account or buying a
        subscription, you accept them on behalf of the business you represent.
      </Trans>
    </p>
  )
}

function About() {
  return (
    <>
      <p>
        <Trans>
          The services are provided by {legalName}, organization number {orgNumber}, {postalAddress}, Norway (“we”,
          “us”). “You” or “the client” means the business that orders the service or holds the account, and the
          people who act on its behalf.
        </Trans>
      </p>
      <p>
        <Trans>
          The agreement consists of the order or order confirmation, these terms, and our{' '}
          <PageLink to="dpa">data processing agreement</PageLink>. If they conflict, the order comes first, then the
          data processing agreement on matters of personal data, then these terms. Our services are sold to
          businesses only, and consumer purchase rules therefore do not apply: by creating an account or buying, you
          confirm that you act on behalf of a business. For the Pro plan, a Norwegian business gives its
          organization number and is invoiced at the name and address the register holds (a number it does not know
          is refused); an EU business gives its VAT number, name and address. We do not sell Pro to consumers or
          outside Norway and the EU.
        </Trans>
      </p>
    </>
  )
}

function Services() {
  return (
    <>
      <p>
        <Trans>
          <strong>Done-for-you service.</strong> On a recurring retainer we define your ideal customer profile and
          positioning, ghostwrite and publish LinkedIn content, run personalized outreach and direct messages, hand
          qualified leads to your sales team every week and report on the results. The scope, the number of posts
          and the people involved are set out in the order.
        </Trans>
      </p>
      <p>
        <Trans>
          <strong>The platform.</strong> With an account you may use our AI platform on the Free plan or on the
          paid Pro plan. What each plan includes is described on the website at the time you sign up.
        </Trans>
      </p>
      <p>
        <Trans>
          We deliver the services with professional care and with people who know the work. We may develop and
          change how we deliver, as long as what you have ordered is not reduced.
        </Trans>
      </p>
    </>
  )
}

function Accounts() {
  return (
    <>
      <p>
        <Trans>
          You sign in with an e-mail address and password, or with Google or LinkedIn. Keep your sign-in details to yourself,
          and tell us at once if you suspect that someone else has used your account. You are responsible for what
          happens in your account until you have told us.
        </Trans>
      </p>
      <p>
        <Trans>
          You may close your account at any time with “Delete my account” on your account page; a Pro subscription
          is then canceled at once, and the month already paid for is not refunded. We may suspend an account that
          is used in breach of these terms or the law, and we will tell you why.
        </Trans>
      </p>
    </>
  )
}

function ClientDuties() {
  return (
    <>
      <p>
        <Trans>To let us do the work well, you agree to:</Trans>
      </p>
      <ul>
        <li>
          <Trans>
            give us the access, information and feedback we need, including access to the LinkedIn profiles and
            pages we work on, in a secure way that we agree on;
          </Trans>
        </li>
        <li>
          <Trans>
            approve content and outreach messages within the routine we agree during onboarding, and tell us about
            anything that must not be said on your behalf;
          </Trans>
        </li>
        <li>
          <Trans>
            make sure that the material you give us is accurate and that you have the right to let us use it;
          </Trans>
        </li>
        <li>
          <Trans>
            follow LinkedIn's user agreement and the law in your own use of the accounts, and not ask us to do
            anything that breaks them.
          </Trans>
        </li>
      </ul>
      <p>
        <Trans>
          Your LinkedIn accounts remain yours. LinkedIn may change its rules or limit accounts at its own
          discretion, and we cannot be held responsible for decisions that LinkedIn makes.
        </Trans>
      </p>
    </>
  )
}

function Fees() {
  const lang = useLang()
  return (
    <>
      <ul>
        <li>
          <Trans>
            All fees are stated and invoiced in Norwegian kroner (NOK), excluding VAT. VAT is added at the rate in
            force.
          </Trans>
        </li>
        <li>
          <Trans>
            Invoices are paid before delivery: each billing period is paid in advance, and work for a period starts
            when its invoice has been paid.
          </Trans>
        </li>
        <li>
          <Trans>Fees are non-refundable once work on the period they cover has started.</Trans>
        </li>
        {paidPlans.map(({ id, name, priceNok }) => {
          const price = priceText(priceNok, lang)
          const priceWithVat = priceWithVatText(priceNok, lang)
          return (
            <li key={id}>
              <Trans>
                The {name} plan costs {price} per month excluding VAT ({priceWithVat} including 25 % VAT). It is
                paid by card through our payment provider, Stripe, monthly in advance. A Norwegian business pays the
                VAT, VAT-registered or not; an EU business with a VAT number pays no Norwegian VAT (reverse charge: the invoice says so).
              </Trans>
            </li>
          )
        })}
        <li>
          <Trans>
            If an invoice is paid late, we may charge interest under the Norwegian Late Payment Interest Act
            (forsinkelsesrenteloven) and pause the work until the invoice is paid.
          </Trans>
        </li>
      </ul>
      <p>
        <Trans>
          We may change our prices with at least one billing cycle's written notice. The new price applies from the
          next billing cycle after the notice period.
        </Trans>
      </p>
    </>
  )
}

function Renewal() {
  return (
    <>
      <p>
        <Trans>
          There is no binding period. Recurring retainers renew automatically for a new billing cycle unless you
          cancel at least seven days before the next billing cycle starts. Cancel by writing to{' '}
          <a href={mailto(supportEmail)}>{supportEmail}</a> or to your account manager. A cancellation takes effect at
          the end of the current cycle.
        </Trans>
      </p>
      <p>
        <Trans>
          The Pro plan renews automatically every month. You can cancel it at any time with “Manage subscription”
          on your dashboard, which opens our payment provider's page for your subscription. Pro then stays active
          until the end of the month you have paid for, and your account returns to the Free plan after that. Until
          then you can resume the subscription on the same page. A month already paid for is not refunded.
        </Trans>
      </p>
      <p>
        <Trans>
          Either party may terminate the agreement with immediate effect if the other party materially breaches it
          and does not remedy the breach within 14 days of written notice.
        </Trans>
      </p>
    </>
  )
}

function IntellectualProperty() {
  return (
    <>
      <p>
        <Trans>
          When a period has been paid, you own the content we write for you and may use it freely, also after the
          agreement ends. We keep the rights to our methods, templates, tools and know-how, which are not made
          for you alone.
        </Trans>
      </p>
      <p>
        <Trans>
          You give us the right to use your logo, material and information as needed to deliver the service. We
          name you as a client in our marketing only with your written consent.
        </Trans>
      </p>
    </>
  )
}

function Results() {
  return (
    <p>
      <Trans>
        We work toward the goals agreed with you and report openly on the results. Reach, replies and meetings
        depend on your market, your offer and on LinkedIn, so we do not guarantee a particular number of leads,
        meetings or sales.
      </Trans>
    </p>
  )
}

function Confidentiality() {
  return (
    <p>
      <Trans>
        Both parties keep the other party's business information confidential, during the agreement and after it
        ends, and use it only to fulfill the agreement. This does not apply to information that is already public,
        or that a party must disclose by law.
      </Trans>
    </p>
  )
}

function DataProtection() {
  return (
    <>
      <p>
        <Trans>
          When we process personal data on your behalf, for example about the prospects we contact, you are the
          controller and we are your processor. Our <PageLink to="dpa">data processing agreement</PageLink> is part
          of these terms. How we handle personal data as a controller is explained in our{' '}
          <PageLink to="privacy">privacy policy</PageLink>.
        </Trans>
      </p>
      <p>
        <Trans>
          If a personal data breach affects your data, we notify you without undue delay and no later than 72 hours after becoming aware of it. Where the data processing agreement sets a shorter deadline for data we
          process on your behalf, that deadline applies.
        </Trans>
      </p>
    </>
  )
}

function Liability() {
  return (
    <>
      <p>
        <Trans>
          Our total liability under the agreement is capped at the amounts you have paid us in the preceding three
          months, counted back from the event that caused the loss.
        </Trans>
      </p>
      <p>
        <Trans>
          Neither party is liable for indirect loss, such as lost profit, lost revenue, lost data or claims from
          third parties. These limits do not apply to loss caused by gross negligence or intent.
        </Trans>
      </p>
      <p>
        <Trans>
          Neither party is liable for failure to perform caused by circumstances beyond its control that it could
          not reasonably have foreseen or avoided (force majeure), such as a prolonged outage at LinkedIn.
        </Trans>
      </p>
    </>
  )
}

function Changes() {
  return (
    <p>
      <Trans>
        We may update these terms. We give clients and account holders at least 30 days' notice by e-mail before
        material changes take effect. If you do not accept a change, you may cancel before it takes effect.
      </Trans>
    </p>
  )
}

function Law() {
  return (
    <p>
      <Trans>
        These terms and the agreement are governed by Norwegian law. The parties will first try to settle any
        dispute by negotiation. If that fails, the dispute goes to the Oslo District Court (Oslo tingrett), which
        the parties agree shall be the venue.
      </Trans>
    </p>
  )
}

function Contact() {
  return (
    <p>
      <Trans>
        Questions about these terms go to <a href={mailto(salesEmail)}>{salesEmail}</a>. For help with an account or
        an ongoing delivery, write to <a href={mailto(supportEmail)}>{supportEmail}</a>.
      </Trans>
    </p>
  )
}

export const termsOfService: LegalDocumentContent = {
  title: msg({ message: 'Terms of service', context: 'legal: terms' }),
  Intro,
  sections: [
    { id: 'about', title: msg({ message: 'About these terms', context: 'legal: terms' }), Body: About },
    { id: 'services', title: msg({ message: 'Our services', context: 'legal: terms' }), Body: Services },
    { id: 'accounts', title: msg({ message: 'Accounts', context: 'legal: terms' }), Body: Accounts },
    {
      id: 'client-responsibilities',
      title: msg({ message: 'Your responsibilities', context: 'legal: terms' }),
      Body: ClientDuties,
    },
    { id: 'fees-and-payment', title: msg({ message: 'Fees and payment', context: 'legal: terms' }), Body: Fees },
    {
      id: 'renewal-and-cancellation',
      title: msg({ message: 'Renewal and cancellation', context: 'legal: terms' }),
      Body: Renewal,
    },
    {
      id: 'intellectual-property',
      title: msg({ message: 'Content and intellectual property', context: 'legal: terms' }),
      Body: IntellectualProperty,
    },
    { id: 'results', title: msg({ message: 'Results', context: 'legal: terms' }), Body: Results },
    {
      id: 'confidentiality',
      title: msg({ message: 'Confidentiality', context: 'legal: terms' }),
      Body: Confidentiality,
    },
    {
      id: 'data-protection',
      title: msg({ message: 'Data protection', context: 'legal: terms' }),
      Body: DataProtection,
    },
    {
      id: 'limitation-of-liability',
      title: msg({ message: 'Limitation of liability', context: 'legal: terms' }),
      Body: Liability,
    },
    { id: 'changes', title: msg({ message: 'Changes to these terms', context: 'legal: terms' }), Body: Changes },
    {
      id: 'governing-law',
      title: msg({ message: 'Governing law and disputes', context: 'legal: terms' }),
      Body: Law,
    },
    { id: 'contact', title: msg({ message: 'Contact', context: 'legal: section heading' }), Body: Contact },
  ],
}
