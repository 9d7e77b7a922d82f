// Facts about the company, shown on many pages. Names and numbers are not translated.
export const copyrightYears = (first: number, built: number) => (built > first ? `${first}–${built}` : String(first))

export const company = {
  brand: 'Vekstlinje',
  legalName: 'Vekstlinje AS',
  orgNumber: '931 482 610',
  street: 'Tollbugata 24',
  postalCode: '0157',
  city: 'Oslo',
  supportEmail: 'support@vekstlinje.no',
  salesEmail: 'salg@vekstlinje.no',
  privacyEmail: 'personvern@vekstlinje.no',
  /** "2025" or "2025–2026": from the year the site was first published to the year it was built
   * (vite.config.ts), which the prerendered pages and the client bundle share. */
  copyrightYears: copyrightYears(2025, Number(import.meta.env.VITE_BUILD_YEAR)),
  crms: ['HubSpot', 'Pipedrive'] as const,
} as const

export const mailto = (address: string) => `mailto:${address}`
