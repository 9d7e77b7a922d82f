// The demo form's fields, in the order the form shows them: the one place a field is written. The
// schema (demo-request.ts), the empty values and required list (demo-fields.ts), the form's markup
// (src/features/demo/demo-form.tsx), the stored row and the notification (send-demo-request)
// derive from this table. A new optional field is a row here, its label in
// src/features/demo/field-texts.ts (and the catalogs), and a migration adding its column
// (`text not null default ''`): the database function stores the row whole.

export interface DemoFieldSpec {
  readonly name: string
  /** Maximum length in characters (code points). */
  readonly limit: number
  readonly required: boolean
  /** How it is typed: a line of text, an e-mail address, a LinkedIn URL, one of the needs, or a
   * longer text (the notification sets it apart). */
  readonly kind: 'text' | 'email' | 'linkedin' | 'need' | 'long'
  /** The browser's autofill token, where one fits. */
  readonly autocomplete?: string
  /** Its label in the notification to the sales team (in English, as the rest of the mail). */
  readonly notifyAs: string
}

export const demoFieldTable = [
  { name: 'name', limit: 100, required: true, kind: 'text', autocomplete: 'name', notifyAs: 'Name' },
  { name: 'email', limit: 255, required: true, kind: 'email', autocomplete: 'email', notifyAs: 'E-mail' },
  { name: 'company', limit: 200, required: false, kind: 'text', autocomplete: 'organization', notifyAs: 'Company' },
  { name: 'linkedin', limit: 500, required: false, kind: 'linkedin', autocomplete: 'url', notifyAs: 'LinkedIn' },
  { name: 'need', limit: 100, required: true, kind: 'need', notifyAs: 'Need' },
  { name: 'notes', limit: 2000, required: false, kind: 'long', notifyAs: 'Additional info' },
] as const satisfies readonly DemoFieldSpec[]
