// Brønnøysundregistrene's Enhetsregisteret (open, no key): whether an organisation number names a
// company that exists, its name, its business address and whether it is in the VAT register.
// GET <base>/enheter/<orgnr>: 200 the company, 404 unknown, 410 deleted. Web standards only.
import type { FunctionEnv } from './env.ts'
import { digitsOf } from './vat.ts'

export const BRREG_API_URL = 'https://data.brreg.no/enhetsregisteret/api'

export interface RegisteredCompany {
  orgNumber: string
  name: string
  address: { line1: string; postalCode: string; city: string; country: string }
  /** In Merverdiavgiftsregisteret: the company's VAT number is its organisation number + MVA. */
  vatRegistered: boolean
}

interface Enhet {
  organisasjonsnummer?: string
  navn?: string
  slettedato?: string
  registrertIMvaregisteret?: boolean
  forretningsadresse?: Adresse | null
  postadresse?: Adresse | null
}
interface Adresse {
  adresse?: string[]
  postnummer?: string
  poststed?: string
  landkode?: string
}

/** The company the number names, or null when the register does not know it or it was deleted.
 * Throws when the register cannot answer. */
export async function lookUpCompany(env: FunctionEnv, orgNumber: string): Promise<RegisteredCompany | null> {
  const digits = digitsOf(orgNumber)
  if (!/^\d{9}$/.test(digits)) return null
  const base = (env.BRREG_API_URL || BRREG_API_URL).replace(/\/+$/, '')
  const res = await fetch(`${base}/enheter/${digits}`, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(8000) })
  if (res.status === 404 || res.status === 410) {
    await res.body?.cancel()
    return null
  }
  if (!res.ok) throw new Error(`Enhetsregisteret answered ${res.status}`)
  const enhet = (await res.json()) as Enhet
  if (enhet.slettedato || !enhet.navn) return null
  const address = enhet.forretningsadresse ?? enhet.postadresse ?? {}
  return {
    orgNumber: digits,
    name: enhet.navn,
    address: {
      line1: (address.adresse ?? []).filter(Boolean).join(', '),
      postalCode: address.postnummer ?? '',
      city: address.poststed ?? '',
      country: address.landkode ?? 'NO',
    },
    vatRegistered: enhet.registrertIMvaregisteret === true,
  }
}

/** The refusal of an organisation number the register does not know (or has deleted). */
export const UNKNOWN_ORG_NUMBER = 'unknown_org_number'
