// A stand-in for Brønnøysundregistrene's Enhetsregisteret API (GET /enhetsregisteret/api/enheter/:orgnr,
// in its shape): a few made-up companies, one deleted (410, as the register answers for a deleted
// unit) and every other number unknown (404). The functions reach it through BRREG_API_URL.
import { Hono } from 'hono'

interface Enhet {
  organisasjonsnummer: string
  navn: string
  registrertIMvaregisteret: boolean
  forretningsadresse: { land: string; landkode: string; postnummer: string; poststed: string; adresse: string[]; kommune: string }
  slettedato?: string
}

const address = (adresse: string, postnummer: string, poststed: string, kommune: string) => ({ land: 'Norge', landkode: 'NO', postnummer, poststed, adresse: [adresse], kommune })

/** The register's known companies. Their numbers have valid check digits. */
export const localCompanies: Record<string, Enhet> = {
  '923456783': {
    organisasjonsnummer: '923456783',
    navn: 'FJORDLYS RÅDGIVNING AS',
    registrertIMvaregisteret: true,
    forretningsadresse: address('Storgata 12', '0155', 'OSLO', 'OSLO'),
  },
  '934567897': {
    organisasjonsnummer: '934567897',
    navn: 'NORDKYST REGNSKAP AS',
    registrertIMvaregisteret: false,
    forretningsadresse: address('Kaigaten 3', '5015', 'BERGEN', 'BERGEN'),
  },
  '931482610': {
    organisasjonsnummer: '931482610',
    navn: 'VEKSTLINJE AS',
    registrertIMvaregisteret: true,
    forretningsadresse: address('Tollbugata 24', '0157', 'OSLO', 'OSLO'),
  },
}

/** A deleted company: the register answers 410 Gone. */
export const deletedOrgNumber = '987654325'

export function companyRegisterRoutes(): Hono {
  const app = new Hono()
  app.get('/enhetsregisteret/api/enheter/:orgnr', (c) => {
    const orgnr = c.req.param('orgnr')
    if (!/^\d{9}$/.test(orgnr)) return c.json({ status: 400, feilmelding: 'Ugyldig organisasjonsnummer' }, 400)
    if (orgnr === deletedOrgNumber) return c.json({ organisasjonsnummer: orgnr, slettedato: '2025-06-30' }, 410)
    const enhet = localCompanies[orgnr]
    if (!enhet) return c.json({ status: 404, feilmelding: 'Fant ingen enhet' }, 404)
    return c.json(enhet)
  })
  return app
}
