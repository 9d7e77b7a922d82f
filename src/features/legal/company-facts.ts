import { company } from '../../content/company'

/** The postal address in one line, e.g. "Tollbugata 24, 0157 Oslo". Names are not translated. */
export const postalAddress = `${company.street}, ${company.postalCode} ${company.city}`
