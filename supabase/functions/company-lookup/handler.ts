// company-lookup: the checkout page asks, as the buyer types an organisation number, which company
// it names in Enhetsregisteret (Brønnøysundregistrene). The browser talks only to this function;
// create-checkout asks the register again and uses only its answer.
//
// Request: POST { orgNumber } with the user's access token.
// Answers: 200 { company: { orgNumber, name, address, vatRegistered } } | 400 { error } bad body
//        | 401 | 403 origin | 404 { code: 'unknown_org_number', error } unknown or deleted
//        | 405 | 502 { error } the register did not answer.
//
// Environment: SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY (Supabase provides them);
//   BRREG_API_URL  optional, the register's API (default https://data.brreg.no/enhetsregisteret/api;
//                  the local stack sets its stand-in)
import { type } from 'arktype'
import { lookUpCompany, UNKNOWN_ORG_NUMBER } from '../_shared/company-register.ts'
import type { FunctionEnv } from '../_shared/env.ts'
import { readJsonBody } from '../_shared/json-body.ts'
import { noStore } from '../_shared/no-store.ts'
import { json, signedInRequest } from '../_shared/signed-in-user.ts'
import { isOrgNumber } from '../_shared/vat.ts'

const lookupRequest = type({ '+': 'delete', orgNumber: 'string <= 20' })

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const start = await signedInRequest(req, env, { name: 'company-lookup', required: [] })
  if (start instanceof Response) return start
  const { cors } = start
  let body: unknown
  try {
    body = await readJsonBody(req, 1024)
  } catch (error) {
    return json(400, { error: (error as Error).message }, cors)
  }
  const request = lookupRequest(body)
  if (request instanceof type.errors) return json(400, { error: `Invalid request: ${request.summary}` }, cors)
  if (!isOrgNumber(request.orgNumber)) return json(400, { error: 'Invalid request: orgNumber must be a Norwegian organization number' }, cors)
  try {
    const company = await lookUpCompany(env, request.orgNumber)
    if (!company) return json(404, { code: UNKNOWN_ORG_NUMBER, error: 'No such organization number' }, cors)
    return json(200, { company }, cors)
  } catch (error) {
    console.error(`[company-lookup] the register did not answer: ${(error as Error).message}`)
    return json(502, { error: 'The register could not be reached' }, cors)
  }
}

export default noStore(handler)
