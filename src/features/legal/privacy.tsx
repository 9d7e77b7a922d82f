import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { PageLink } from '../../components/links'
import { company, mailto } from '../../content/company'
import { postalAddress } from './company-facts'
import type { LegalDocumentContent } from './legal-document'
import { subprocessors } from './subprocessors'

const { legalName, orgNumber, privacyEmail } = company
const privacyHref = mailto(privacyEmail)

function Intro() {
  return (
    <p>
      <Trans>
        This policy explains how {legalName} handles personal data when you visit our website, ask for a demo,
        create an account or work with us as a client. If anything here is unclear, ask us and we will explain.
      </Trans>
    </p>
  )
}

function WhoWeAre() {
  return (
    <>
      <p>
        <Trans>
          {legalName} (organization number {orgNumber}), {postalAddress}, Norway, is the controller for the
          personal data described in this policy. We are a Norwegian limited company that plans, writes and
          publishes LinkedIn content for B2B companies, runs personalized outreach on their behalf and hands
          qualified leads to their sales teams.
        </Trans>
      </p>
      <p>
        <Trans>
          Questions about privacy go to <a href={privacyHref}>{privacyEmail}</a>. We have not appointed a data
          protection officer, as the law does not require one for a company of our size and activity; the privacy
          contact handles every request.
        </Trans>
      </p>
    </>
  )
}

function Scope() {
  return (
    <>
      <p>
        <Trans>
          This policy covers our website in Norwegian and English, the signed-in area with the Free and Pro plans,
          demo requests, and our relationship with clients and their contact persons.
        </Trans>
      </p>
      <p>
        <Trans>
          When we process personal data on a client's behalf, for example about the prospects we contact in an
          outreach campaign, the client is the controller and we are its processor. That processing is governed by
          our <PageLink to="dpa">data processing agreement</PageLink>, and section 5 below summarizes it.
        </Trans>
      </p>
    </>
  )
}

function DataWeCollect() {
  return (
    <>
      <ul>
        <li>
          <Trans>
            <strong>Demo requests:</strong> your name, e-mail address, company, LinkedIn profile address, what you
            need help with and anything you write in the free-text field. With them we store the time, the language
            of the page, your browser's user agent and a keyed hash of your IP address (not the address itself),
            which we use to stop abuse of the form.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Accounts:</strong> your name, e-mail address, the language of the page where you registered with
            your e-mail address (our e-mails to you are written in it; an account made with Google or LinkedIn gets
            them in Norwegian), when you last signed in and when the app last renewed your session, and your password, which is stored only as a
            salted hash that nobody can read. If you choose to sign in with Google, Google gives us your name,
            e-mail address, profile picture address and Google account identifier; the access token Google sends
            with them is not kept. If you choose to sign in with LinkedIn, LinkedIn gives us your name, e-mail
            address, profile picture address, language and LinkedIn member identifier, nothing more: we do not
            keep its access token, and we never read or post anything on your LinkedIn profile. With each session,
            we also record the IP address and the browser (user agent) it was started from, until you sign out of
            it or the account is deleted.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>A change of e-mail address:</strong> we keep the new address beside the current one until you have
            confirmed from both addresses. Then the new address replaces the old one, and the demo requests sent with
            the old address and your customer record with Stripe take the new address. A change you do not confirm is
            replaced by your next one.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Two-step verification</strong>, if you turn it on: we store the secret key your authenticator app
            uses to make its codes, the time you turned it on, and the time and IP address of each code request. The
            key stays stored until you turn off two-step verification (or support does so at your request), or until
            the account is deleted.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Subscriptions and payments:</strong> your plan, its status and its renewal date, the payment
            provider's references to you and your subscription, and the payment events it sends us. For the
            invoice, a Norwegian business gives its organization number, which our server looks up in
            Brønnøysundregistrene (name, address, VAT registration); an EU business gives its VAT number, name and
            address. Stripe puts them on the invoice, and we keep a copy of each invoice in our database in
            Frankfurt. Your card details are entered directly with Stripe; we never see or store full card numbers.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Client relationships:</strong> names, roles, e-mail addresses and phone numbers of contact
            persons, agreements, invoices, our correspondence and meeting notes.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Technical data:</strong> IP address, browser type, the pages requested and the time of each
            request, recorded in the logs of our web host and of Supabase when you visit the site or use your
            account, and the sign-in session kept in your browser (see the{' '}
            <PageLink to="cookies">cookie policy</PageLink>).
          </Trans>
        </li>
      </ul>
      <p>
        <Trans>
          We do not buy personal data, and we do not ask for special categories of data, such as health
          information or political opinions.
        </Trans>
      </p>
    </>
  )
}

function Purposes() {
  return (
    <>
      <ul>
        <li>
          <Trans>
            <strong>Answering demo requests:</strong> our legitimate interest in replying to people who contact us,
            or steps you ask us to take before a contract (GDPR Article 6(1)(f) and (b)).
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Running your account and plan</strong>, including the Pro subscription: performance of a
            contract with you (Article 6(1)(b)).
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Delivering our service and managing the client relationship:</strong> performance of the
            contract with your employer, and our legitimate interest in communicating with its contact persons
            (Article 6(1)(b) and (f)).
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Invoicing and accounting:</strong> our legal obligations under Norwegian bookkeeping law
            (Article 6(1)(c)).
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Security and troubleshooting:</strong> our legitimate interest in keeping the site and the
            service safe, preventing abuse and fixing errors (Article 6(1)(f)).
          </Trans>
        </li>
      </ul>
      <p>
        <Trans>
          Where we rely on legitimate interest, we have weighed our interest against your privacy and found the
          processing expected and proportionate. You may object at any time (see section 10). We make no
          decisions about you by automated means alone that have legal or similarly significant effects.
        </Trans>
      </p>
    </>
  )
}

function AsProcessor() {
  return (
    <>
      <p>
        <Trans>
          To run LinkedIn campaigns we process data about our clients' prospects: names, job titles, employers,
          information from public LinkedIn profiles, and the messages exchanged. Here the client decides why the
          data is used, and we act only on its documented instructions.
        </Trans>
      </p>
      <p>
        <Trans>
          If you have been contacted through one of our campaigns and want to know how your data is used, contact
          the company named in the message, or write to us and we will pass your request on to that company
          without delay. We never use one client's prospect data for another client or for our own marketing.
        </Trans>
      </p>
    </>
  )
}

function Sharing() {
  const { i18n } = useLingui()
  return (
    <>
      <p>
        <Trans>
          We share personal data only with providers that help us run the website and the service (our
          subprocessors), under agreements that bind them to our instructions:
        </Trans>
      </p>
      <ul>
        {subprocessors.map((vendor) => (
          <li key={vendor.id}>
            <strong>{vendor.name}</strong>: {i18n._(vendor.purpose)} {i18n._(vendor.location)}
          </li>
        ))}
      </ul>
      <p>
        <Trans>
          The data each of them receives is listed in our{' '}
          <PageLink to="security">security and subprocessors overview</PageLink>. Stripe is also an independent
          controller for some purposes, such as fraud prevention and its own legal duties as a payment provider.
        </Trans>
      </p>
      <p>
        <Trans>
          Beyond this, we disclose personal data only where the law requires it, for example to the police under a
          court order, or to professional advisers bound by confidentiality. We never sell personal data.
        </Trans>
      </p>
    </>
  )
}

function Transfers() {
  const { i18n } = useLingui()
  return (
    <>
      <p>
        <Trans>
          We store personal data in the EU/EEA. Some of our subprocessors belong to groups based in the United
          States, and data may be transferred there or accessed from there, for example to provide support. Each such transfer
          has a legal basis under Chapter V of the GDPR:
        </Trans>
      </p>
      <ul>
        {subprocessors
          .filter((vendor) => vendor.transfersOutsideEea)
          .map((vendor) => (
            <li key={vendor.id}>
              <strong>{vendor.name}</strong>: {i18n._(vendor.transfer)}
            </li>
          ))}
      </ul>
      <p>
        <Trans>The others keep the data in the EU/EEA.</Trans>
      </p>
    </>
  )
}

function Retention() {
  return (
    <ul>
        <li>
          <Trans>
            <strong>Client relationship data</strong> is kept while the relationship lasts and for up to 24 months
            after it ends, so that we can answer questions and handle claims. It is then deleted.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Demo requests</strong> are deleted automatically 24 months after they were sent.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Accounts with no activity</strong> are deleted automatically after 24 months, unless the
            relationship is renewed, for example by using the service or by a new paid period: an account and its data
            are deleted 24 months after the latest of its last sign-in, the last time the app renewed its session (it
            does so while you use it) and the end of its last paid period. An account whose subscription is still
            running is not deleted.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>An account you delete</strong> on its account page is deleted at once, together with its
            subscription records and the demo requests sent with its e-mail address; a running Pro subscription is
            canceled with the payment provider first. <strong>Data we process for a client</strong> is deleted within
            30 days after termination of the agreement, unless the law requires us to keep something.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Accounting records</strong> are kept for as long as Norwegian bookkeeping law requires. When an
            account that has paid for a subscription is deleted, by you or automatically, we keep only what the
            Bookkeeping Act (<span lang="nb">bokføringsloven</span>) requires of it: the payment provider's references to the customer and
            the subscription, the plan, its status and the billing period, without your name or e-mail address. We
            delete it five years after the end of the accounting year in which the last paid period ended. Invoices and
            receipts are kept by Stripe, in our database and in our accounting for as long as the law requires.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Residual copies</strong> in backups and logs are overwritten within 60 days.
          </Trans>
        </li>
    </ul>
  )
}

function Security() {
  return (
    <>
      <p>
        <Trans>
          We protect personal data with encryption in transit and at rest, strict access control with two-step
          verification, logging and regular reviews. Our{' '}
          <PageLink to="security">security overview</PageLink> describes the measures in more detail.
        </Trans>
      </p>
      <p>
        <Trans>
          If a personal data breach is likely to put your rights and freedoms at risk, we notify Datatilsynet
          within 72 hours of becoming aware of it. If the risk to you is high, we also tell you directly, without
          undue delay.
        </Trans>
      </p>
    </>
  )
}

function Rights() {
  return (
    <>
      <p>
        <Trans>Under the GDPR and the Norwegian Personal Data Act (personopplysningsloven) you have the right to:</Trans>
      </p>
      <ul>
        <li>
          <Trans>get a copy of the personal data we hold about you, and know how we use it;</Trans>
        </li>
        <li>
          <Trans>have incorrect data corrected and incomplete data completed;</Trans>
        </li>
        <li>
          <Trans>have your data deleted when we no longer need it or have no lawful basis for it;</Trans>
        </li>
        <li>
          <Trans>have the use of your data restricted while a question about it is being settled;</Trans>
        </li>
        <li>
          <Trans>receive data you gave us in a machine-readable format (data portability);</Trans>
        </li>
        <li>
          <Trans>
            object to processing based on our legitimate interest, and always to direct marketing;
          </Trans>
        </li>
        <li>
          <Trans>withdraw a consent at any time, without affecting processing before the withdrawal.</Trans>
        </li>
      </ul>
      <p>
        <Trans>
          With an account, you can do two of these yourself on your account page: download your data as a JSON file
          (your profile, subscriptions, payment events and demo requests), and delete your account. For anything else, send your
          request to <a href={privacyHref}>{privacyEmail}</a>. We may ask you to confirm who you are. We answer
          within 30 days; if a request is complex, we tell you within those 30 days why we need longer. Using your
          rights is free of charge.
        </Trans>
      </p>
    </>
  )
}

function Complaints() {
  return (
    <p>
      <Trans>
        If you believe we process your personal data unlawfully, you may complain to Datatilsynet, the Norwegian
        Data Protection Authority (<a href="https://www.datatilsynet.no">datatilsynet.no</a>). We would like to hear
        from you first, so that we can try to put things right.
      </Trans>
    </p>
  )
}

function Changes() {
  return (
    <p>
      <Trans>
        We update this policy when our services or the law change, and the date at the top shows the latest
        revision. If a change affects how we use your data, we tell clients and account holders by e-mail before it
        takes effect.
      </Trans>
    </p>
  )
}

export const privacyPolicy: LegalDocumentContent = {
  title: msg({ message: 'Privacy policy', context: 'legal: privacy' }),
  Intro,
  sections: [
    { id: 'who-we-are', title: msg({ message: 'Who we are', context: 'legal: privacy' }), Body: WhoWeAre },
    { id: 'scope', title: msg({ message: 'What this policy covers', context: 'legal: privacy' }), Body: Scope },
    {
      id: 'data-we-collect',
      title: msg({ message: 'The data we collect', context: 'legal: privacy' }),
      Body: DataWeCollect,
    },
    {
      id: 'purposes-and-legal-bases',
      title: msg({ message: 'Why we use it, and on what legal basis', context: 'legal: privacy' }),
      Body: Purposes,
    },
    {
      id: 'on-behalf-of-clients',
      title: msg({ message: 'When we work on behalf of our clients', context: 'legal: privacy' }),
      Body: AsProcessor,
    },
    { id: 'sharing', title: msg({ message: 'Who we share data with', context: 'legal: privacy' }), Body: Sharing },
    {
      id: 'transfers',
      title: msg({ message: 'Transfers outside the EU/EEA', context: 'legal: section heading' }),
      Body: Transfers,
    },
    { id: 'retention', title: msg({ message: 'How long we keep data', context: 'legal: privacy' }), Body: Retention },
    { id: 'security', title: msg({ message: 'How we protect data', context: 'legal: privacy' }), Body: Security },
    { id: 'your-rights', title: msg({ message: 'Your rights', context: 'legal: privacy' }), Body: Rights },
    { id: 'complaints', title: msg({ message: 'Complaints', context: 'legal: privacy' }), Body: Complaints },
    { id: 'changes', title: msg({ message: 'Changes to this policy', context: 'legal: section heading' }), Body: Changes },
  ],
}
