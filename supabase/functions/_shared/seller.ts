// The seller as its invoices name it (bokføringsforskriften § 5-1-2, foretaksregisterloven § 10-2).
export const seller = {
  legalName: 'Vekstlinje AS',
  orgNumber: '931 482 610',
  street: 'Tollbugata 24',
  postalCode: '0157',
  city: 'Oslo',
  country: 'NO',
} as const

/** "Org.nr. 931 482 610 MVA": the organisation number, VAT-registered. */
export const sellerOrgLine = `Org.nr. ${seller.orgNumber} MVA`
/** A limited company is named with the register it is in. */
export const sellerRegister = 'Foretaksregisteret'
