import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { PageLink } from '../../components/links'
import { company, mailto } from '../../content/company'
import { postalAddress } from './company-facts'
import type { LegalDocumentContent } from './legal-document'

const { legalName, orgNumber, privacyEmail } = company

function Intro() {
  return (
    <p>
      <Trans>
        This data processing agreement (the “DPA”) is part of the agreement between {legalName} and every client
        that buys our done-for-you service. It sets out how we process personal data on the client's behalf, as
        Article 28 of the GDPR requires. It applies when the client accepts our{' '}
        <PageLink to="terms">terms of service</PageLink>; a signed copy is available on request.
      </Trans>
    </p>
  )
}

function Parties() {
  return (
    <>
      <p>
        <Trans>
          The parties are the client, as controller, and {legalName}, organization number {orgNumber},{' '}
          {postalAddress}, Norway, as processor (“Vekstlinje”). Vekstlinje delivers LinkedIn content, outreach, lead
          handoffs and reporting under the main agreement, and processes personal data on the client's behalf to do
          so.
        </Trans>
      </p>
      <p>
        <Trans>
          On matters of personal data, this DPA takes precedence over the main agreement. Notices under this DPA are
          sent by e-mail to <a href={mailto(privacyEmail)}>{privacyEmail}</a> and to the contact person the client
          names in the order.
        </Trans>
      </p>
    </>
  )
}

function Definitions() {
  return (
    <>
      <p>
        <Trans>
          Terms such as personal data, processing, controller, processor, data subject and personal data breach
          have the meaning given in the General Data Protection Regulation (EU) 2016/679 (GDPR), which applies in
          Norway through the Personal Data Act (personopplysningsloven). In addition:
        </Trans>
      </p>
      <ul>
        <li>
          <Trans>
            <strong>Main agreement</strong> means the order and the terms of service under which Vekstlinje delivers
            its services to the client.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Client data</strong> means personal data that Vekstlinje processes on the client's behalf under
            this DPA.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Subprocessor</strong> means another processor that Vekstlinje engages to process client data.
          </Trans>
        </li>
      </ul>
    </>
  )
}

function Details() {
  return (
    <ul>
      <li>
        <Trans>
          <strong>Purpose:</strong> planning and publishing LinkedIn content, finding and contacting prospects,
          qualifying leads and handing them over to the client, and reporting on results.
        </Trans>
      </li>
      <li>
        <Trans>
          <strong>Data subjects:</strong> the client's prospects and leads, people who interact with the client's
          LinkedIn content, and the client's employees whose profiles we work on.
        </Trans>
      </li>
      <li>
        <Trans>
          <strong>Categories of data:</strong> name, job title, employer, industry, location, information from
          public LinkedIn profiles, contact details a lead chooses to share, messages and replies, meeting requests
          and notes on lead qualification.
        </Trans>
      </li>
      <li>
        <Trans>
          <strong>Special categories:</strong> none. The client shall not instruct Vekstlinje to process special
          categories of personal data or data about criminal convictions.
        </Trans>
      </li>
      <li>
        <Trans>
          <strong>Duration:</strong> while the main agreement lasts, and until the data has been returned or deleted
          under section 12.
        </Trans>
      </li>
    </ul>
  )
}

function ControllerDuties() {
  return (
    <>
      <p>
        <Trans>
          The client decides the purposes and means of the processing and is responsible for having a lawful basis
          for it, including for contacting prospects on LinkedIn. The client gives its instructions in the main
          agreement, in this DPA and in writing during the engagement (e-mail is sufficient), and makes sure that
          they comply with the law.
        </Trans>
      </p>
      <p>
        <Trans>
          The client is responsible for informing data subjects about the processing, as Articles 13 and 14 of the
          GDPR require.
        </Trans>
      </p>
    </>
  )
}

function ProcessorDuties() {
  return (
    <>
      <p>
        <Trans>Vekstlinje shall:</Trans>
      </p>
      <ul>
        <li>
          <Trans>
            process client data only on the client's documented instructions, and tell the client at once if it
            believes that an instruction infringes data protection law;
          </Trans>
        </li>
        <li>
          <Trans>not use client data for its own purposes or for other clients;</Trans>
        </li>
        <li>
          <Trans>
            give access to client data only to people who need it for the work and who are bound by
            confidentiality;
          </Trans>
        </li>
        <li>
          <Trans>
            keep a record of the processing it carries out on the client's behalf, as Article 30(2) of the GDPR
            requires;
          </Trans>
        </li>
        <li>
          <Trans>
            refer any request for client data from a public authority to the client, unless the law forbids it.
          </Trans>
        </li>
      </ul>
    </>
  )
}

function Security() {
  return (
    <>
      <p>
        <Trans>
          Vekstlinje implements appropriate technical and organizational measures under Article 32 of the GDPR,
          taking into account the nature of the data and the risks of the processing. They include at least:
        </Trans>
      </p>
      <ul>
        <li>
          <Trans>encryption of client data in transit and at rest;</Trans>
        </li>
        <li>
          <Trans>personal accounts with two-step verification, and access limited to what each role needs;</Trans>
        </li>
        <li>
          <Trans>logical separation of each client's data;</Trans>
        </li>
        <li>
          <Trans>logging of access to the systems that hold client data;</Trans>
        </li>
        <li>
          <Trans>regular backups, with restores tested;</Trans>
        </li>
        <li>
          <Trans>an internal security review every six months, after which the measures are updated where needed.</Trans>
        </li>
      </ul>
      <p>
        <Trans>
          The measures are described in more detail in the{' '}
          <PageLink to="security">security and subprocessors overview</PageLink>.
        </Trans>
      </p>
    </>
  )
}

function Subprocessors() {
  return (
    <>
      <p>
        <Trans>
          The client gives Vekstlinje general authorization to use subprocessors. Those in use are listed, with
          purpose and location, in the <PageLink to="security">security and subprocessors overview</PageLink>.
        </Trans>
      </p>
      <p>
        <Trans>
          Vekstlinje notifies the client at least 30 days before it adds or replaces a subprocessor. The client may
          object on reasonable grounds within that period. If the parties cannot agree, the client may terminate the
          affected service, without penalty, before the change takes effect.
        </Trans>
      </p>
      <p>
        <Trans>
          Vekstlinje imposes the same data protection obligations as in this DPA on every subprocessor through a
          written contract, and remains fully responsible to the client for the subprocessor's work.
        </Trans>
      </p>
    </>
  )
}

function Transfers() {
  return (
    <p>
      <Trans>
        Client data is stored in the EU/EEA. Vekstlinje transfers client data to a country outside the EU/EEA only
        when the transfer meets the requirements of Chapter V of the GDPR, for example under an adequacy decision,
        such as the EU-US Data Privacy Framework, or under the European Commission's standard contractual clauses,
        with any supplementary measures needed.
      </Trans>
    </p>
  )
}

function Assistance() {
  return (
    <>
      <p>
        <Trans>Taking into account the nature of the processing, Vekstlinje helps the client to:</Trans>
      </p>
      <ul>
        <li>
          <Trans>
            answer requests from data subjects: Vekstlinje forwards any request it receives without undue delay and
            provides what the client needs to answer it within 30 days;
          </Trans>
        </li>
        <li>
          <Trans>
            carry out data protection impact assessments, and consult Datatilsynet beforehand where that is
            required;
          </Trans>
        </li>
        <li>
          <Trans>meet its obligations on security and on notification of breaches.</Trans>
        </li>
      </ul>
      <p>
        <Trans>
          Assistance beyond what is reasonable within the main agreement may be charged at Vekstlinje's hourly
          rates, if the cost has been agreed with the client in advance.
        </Trans>
      </p>
    </>
  )
}

function Breaches() {
  return (
    <>
      <p>
        <Trans>
          Vekstlinje notifies the client without undue delay, and no later than 48 hours after becoming aware of a
          personal data breach involving client data. The notice describes, as far as known: what happened, the
          categories and approximate number of data subjects and records concerned, the likely consequences, and
          the measures taken or proposed. What is not yet known is provided as soon as it is.
        </Trans>
      </p>
      <p>
        <Trans>
          This leaves the client time to notify Datatilsynet within the deadline of the GDPR where notification is
          required. Vekstlinje does not notify Datatilsynet or data subjects on the client's behalf unless the
          client asks it to.
        </Trans>
      </p>
    </>
  )
}

function Audits() {
  return (
    <>
      <p>
        <Trans>
          Vekstlinje makes available to the client the information needed to show compliance with this DPA. The
          client, or an independent auditor bound by confidentiality, may audit Vekstlinje at most once per year,
          with at least 30 days' written notice. Inspections ordered by a supervisory authority are not limited by
          this.
        </Trans>
      </p>
      <p>
        <Trans>
          Audits take place during normal working hours and without undue disruption, and each party bears its own
          costs. Vekstlinje also carries out an internal security review every six months, and shares a summary of
          the latest one on request.
        </Trans>
      </p>
    </>
  )
}

function Termination() {
  return (
    <>
      <p>
        <Trans>
          While the engagement lasts, prospect data is deleted automatically 24 months after it was collected,
          unless the client renews the campaign it belongs to.
        </Trans>
      </p>
      <p>
        <Trans>
          When the main agreement ends, Vekstlinje stops processing client data and, as the client chooses, returns
          it in a common machine-readable format or deletes it, within 30 days after termination. Residual copies
          in backups and system logs are deleted within 60 days.
        </Trans>
      </p>
      <p>
        <Trans>
          Vekstlinje keeps client data longer only where Norwegian law requires it, and then only for that purpose.
          On request, Vekstlinje confirms the deletion in writing. This DPA applies for as long as Vekstlinje holds
          client data.
        </Trans>
      </p>
    </>
  )
}

function LiabilityAndLaw() {
  return (
    <>
      <p>
        <Trans>
          Each party is liable for its own breaches of this DPA and of data protection law, as set out in Article 82
          of the GDPR. Between the parties, the limitation of liability in the main agreement applies, with the cap
          at the amounts paid in the preceding three months, unless mandatory law provides otherwise.
        </Trans>
      </p>
      <p>
        <Trans>
          This DPA is governed by Norwegian law. Disputes go to the Oslo District Court (Oslo tingrett) as the agreed
          venue.
        </Trans>
      </p>
    </>
  )
}

export const dataProcessingAgreement: LegalDocumentContent = {
  title: msg({ message: 'Data processing agreement', context: 'legal: dpa' }),
  Intro,
  sections: [
    { id: 'parties', title: msg({ message: 'Parties and background', context: 'legal: dpa' }), Body: Parties },
    { id: 'definitions', title: msg({ message: 'Definitions', context: 'legal: dpa' }), Body: Definitions },
    {
      id: 'processing-details',
      title: msg({ message: 'Subject matter and details of the processing', context: 'legal: dpa' }),
      Body: Details,
    },
    {
      id: 'client-obligations',
      title: msg({ message: "The client's obligations", context: 'legal: dpa' }),
      Body: ControllerDuties,
    },
    {
      id: 'processor-obligations',
      title: msg({ message: "Vekstlinje's obligations", context: 'legal: dpa' }),
      Body: ProcessorDuties,
    },
    { id: 'security', title: msg({ message: 'Security of processing', context: 'legal: dpa' }), Body: Security },
    { id: 'subprocessors', title: msg({ message: 'Subprocessors', context: 'legal: section heading' }), Body: Subprocessors },
    {
      id: 'transfers',
      title: msg({ message: 'Transfers outside the EU/EEA', context: 'legal: section heading' }),
      Body: Transfers,
    },
    { id: 'assistance', title: msg({ message: 'Assistance to the client', context: 'legal: dpa' }), Body: Assistance },
    { id: 'breaches', title: msg({ message: 'Personal data breaches', context: 'legal: dpa' }), Body: Breaches },
    { id: 'audits', title: msg({ message: 'Audits', context: 'legal: dpa' }), Body: Audits },
    {
      id: 'return-and-deletion',
      title: msg({ message: 'Duration, return and deletion', context: 'legal: dpa' }),
      Body: Termination,
    },
    {
      id: 'liability-and-law',
      title: msg({ message: 'Liability, governing law and disputes', context: 'legal: dpa' }),
      Body: LiabilityAndLaw,
    },
  ],
}
