import { type ProviderRefusal, providerRefusals, refusalOf } from '../../../machines/oauth'

// A visitor who cancels at Google or LinkedIn comes back to the page they were sent back to (the
// dashboard) with the auth service's OAuth error in the address (`error`, `error_description`, and
// for its own refusals `error_code`, in the query and in the fragment), and no session. The gate
// sends them on to the sign-in page, which says why (`refused`).

const errorParams = ['error', 'error_description', 'error_code']

/** The address's query without a provider's error, and the refusal that error stands for. */
export function withoutProviderError(search: string): { search: string; refusal: ProviderRefusal | null } {
  const params = new URLSearchParams(search)
  const error = params.get('error')
  if (error === null) return { search, refusal: null }
  for (const name of errorParams) params.delete(name)
  const rest = params.toString()
  return { search: rest ? `?${rest}` : '', refusal: refusalOf(error) }
}

/** The sign-in page's `refused`, if it names a refusal. */
export function refusalInQuery(search: string): ProviderRefusal | null {
  const refused = new URLSearchParams(search).get('refused')
  return providerRefusals.find((refusal) => refusal === refused) ?? null
}
