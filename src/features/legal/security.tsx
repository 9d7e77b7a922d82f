import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { PageLink } from '../../components/links'
import { company, mailto } from '../../content/company'
import { FactCards } from './fact-cards'
import type { LegalDocumentContent } from './legal-document'
import { subprocessors } from './subprocessors'

const { supportEmail } = company

function Intro() {
  return (
    <p>
      <Trans>
        Our clients trust us with their LinkedIn presence, their prospects and their pipeline. This page describes
        how we protect that data and which companies help us run the service. It supplements our{' '}
        <PageLink to="privacy">privacy policy</PageLink> and our{' '}
        <PageLink to="dpa">data processing agreement</PageLink>.
      </Trans>
    </p>
  )
}

function Approach() {
  return (
    <>
      <p>
        <Trans>
          We collect as little as the work requires, store it in the EU, and give each person access only to what
          their role needs. Security is the responsibility of our management, and it is part of how every client
          engagement is planned, not an afterthought.
        </Trans>
      </p>
      <p>
        <Trans>
          We are a small team, and we choose established providers for hosting, data storage, payments and e-mail
          rather than running that infrastructure ourselves. Each of them is bound by a data processing agreement.
        </Trans>
      </p>
    </>
  )
}

function DataLocation() {
  return (
    <p>
      <Trans>
        The website's pages are hosted by Hetzner in Germany. Accounts, subscriptions, payment events and demo
        requests are stored with Supabase in the EU, in the AWS Frankfurt region (eu-central-1); the website and
        the signed-in area hold no data about our clients' prospects. Card payments are handled by Stripe in
        Ireland, and e-mail is sent through Brevo in France. We do not keep client data on personal devices or in
        personal e-mail accounts.
      </Trans>
    </p>
  )
}

function Subprocessors() {
  const { i18n, t } = useLingui()
  const purpose = t({ message: 'Purpose', context: 'legal: subprocessor fact' })
  const data = t({ message: 'Data', context: 'legal: subprocessor fact' })
  const location = t({ message: 'Location', context: 'legal: subprocessor fact' })
  const transfer = t({ message: 'Transfers outside the EU/EEA', context: 'legal: subprocessor fact' })

  return (
    <>
      <p>
        <Trans>These are the subprocessors that may process personal data for us:</Trans>
      </p>
      <FactCards
        items={subprocessors.map((vendor) => ({
          name: vendor.name,
          facts: [
            [purpose, i18n._(vendor.purpose)],
            [data, i18n._(vendor.data)],
            [location, i18n._(vendor.location)],
            [transfer, i18n._(vendor.transfer)],
          ],
        }))}
      />
      <p>
        <Trans>
          We notify clients at least 30 days before we add or replace a subprocessor, as our data processing
          agreement sets out.
        </Trans>
      </p>
    </>
  )
}

function AccessControl() {
  return (
    <ul>
      <li>
        <Trans>Everyone on our team has a personal account on every system; we never share passwords.</Trans>
      </li>
      <li>
        <Trans>Two-step verification is required on every system that holds client data.</Trans>
      </li>
      <li>
        <Trans>
          Access follows the principle of least privilege, and is removed the same day someone changes role or
          leaves.
        </Trans>
      </li>
      <li>
        <Trans>
          Access to a client's LinkedIn accounts is given in a way agreed at onboarding and kept in a password
          manager, never in e-mail or chat.
        </Trans>
      </li>
      <li>
        <Trans>Everyone who works with client data is bound by a written confidentiality agreement.</Trans>
      </li>
    </ul>
  )
}

function Encryption() {
  return (
    <p>
      <Trans>
        All traffic to the website and to our backend is encrypted with TLS (HTTPS). The database and its backups
        are encrypted at rest (AES-256). Passwords are stored only as salted hashes, never in plain text, so nobody
        at Vekstlinje can read them.
      </Trans>
    </p>
  )
}

function Sessions() {
  return (
    <>
      <p>
        <Trans>
          Users sign in with e-mail and password, or with Google or LinkedIn. The session is kept in the browser's local storage:
          the access token is short-lived and renewed automatically, and signing out removes it. Google's and
          LinkedIn's own access tokens, which come with their sign-ins, are not stored. The database itself
          enforces that each user can read only their own account and subscription data (row-level security).
        </Trans>
      </p>
      <p>
        <Trans>
          Users can turn on two-step verification with an authenticator app; the database then requires the code
          before the account's data can be read. On the account page they can also sign out all other devices, which
          lose access at once, and change the e-mail address with confirmation from both the old and the new address.
        </Trans>
      </p>
    </>
  )
}

function LoggingAndBackups() {
  return (
    <p>
      <Trans>
        We log sign-ins, access and errors to detect misuse and fix faults, and we take regular backups so that
        data can be restored after an error. When data is deleted, residual copies in backups and logs are gone
        within 60 days.
      </Trans>
    </p>
  )
}

function Reviews() {
  return (
    <>
      <p>
        <Trans>
          Every six months we carry out an internal security review: who has access to what, our subprocessors and
          their terms, software updates and dependencies, and the measures described on this page. We follow up
          every finding and update this page when something changes.
        </Trans>
      </p>
      <p>
        <Trans>Clients may audit us at most once per year, as set out in the data processing agreement.</Trans>
      </p>
    </>
  )
}

function Incidents() {
  return (
    <p>
      <Trans>
        If we discover a security incident, we contain it, investigate it and fix the cause. If client data is
        affected, we notify the client within 48 hours, as the data processing agreement requires. Where we are the
        controller, we notify Datatilsynet within 72 hours when the law requires it, as our privacy policy
        describes.
      </Trans>
    </p>
  )
}

function YourPart() {
  return (
    <>
      <p>
        <Trans>Security works best as a shared responsibility. We ask our clients to:</Trans>
      </p>
      <ul>
        <li>
          <Trans>turn on two-step verification on the LinkedIn accounts we work with;</Trans>
        </li>
        <li>
          <Trans>
            tell us when someone leaves your team, so that we can remove their access and update who receives
            reports and leads;
          </Trans>
        </li>
        <li>
          <Trans>send personal data to us through the channels agreed at onboarding, not as e-mail attachments;</Trans>
        </li>
        <li>
          <Trans>
            report anything that looks wrong to your account manager at once: we would rather check a false alarm
            than miss an incident.
          </Trans>
        </li>
      </ul>
    </>
  )
}

function Report() {
  return (
    <p>
      <Trans>
        If you believe you have found a security weakness in our website or service, write to{' '}
        <a href={mailto(supportEmail)}>{supportEmail}</a> with “Security” in the subject line. Please give us
        reasonable time to fix it before you tell others, and do not access or change other people's data. We
        confirm that we have received your report and keep you informed while we work on it.
      </Trans>
    </p>
  )
}

export const securityOverview: LegalDocumentContent = {
  title: msg({ message: 'Security and subprocessors', context: 'legal: security' }),
  Intro,
  sections: [
    { id: 'approach', title: msg({ message: 'Our approach', context: 'legal: security' }), Body: Approach },
    {
      id: 'data-location',
      title: msg({ message: 'Hosting and data location', context: 'legal: security' }),
      Body: DataLocation,
    },
    { id: 'subprocessors', title: msg({ message: 'Subprocessors', context: 'legal: section heading' }), Body: Subprocessors },
    { id: 'access-control', title: msg({ message: 'Access control', context: 'legal: security' }), Body: AccessControl },
    { id: 'encryption', title: msg({ message: 'Encryption', context: 'legal: security' }), Body: Encryption },
    { id: 'sign-in', title: msg({ message: 'Sign-in, two-step verification and sessions', context: 'legal: security' }), Body: Sessions },
    {
      id: 'logging-and-backups',
      title: msg({ message: 'Logging and backups', context: 'legal: security' }),
      Body: LoggingAndBackups,
    },
    { id: 'reviews', title: msg({ message: 'Reviews and audits', context: 'legal: security' }), Body: Reviews },
    { id: 'incidents', title: msg({ message: 'Incident response', context: 'legal: security' }), Body: Incidents },
    { id: 'your-part', title: msg({ message: 'What you can do', context: 'legal: security' }), Body: YourPart },
    {
      id: 'reporting-vulnerabilities',
      title: msg({ message: 'Reporting a vulnerability', context: 'legal: security' }),
      Body: Report,
    },
  ],
}
