import { company } from '../content/company'

/** The brand mark: a rising line in a rounded square, with the wordmark. */
export function Logo() {
  return (
    <>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="#4b3fd8" />
        <path d="M8 21.5 13.5 16l4 3.5L24 11" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="24" cy="11" r="2.2" fill="#fff" />
      </svg>
      <span>{company.brand}</span>
    </>
  )
}
