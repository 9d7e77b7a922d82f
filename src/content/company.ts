// Facts about the company, shown on many pages. Names and numbers are not translated.
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
  crms: ['HubSpot', 'Pipedrive'] as const,
} as const

export const mailto = (address: string) => `mailto:${address}`
