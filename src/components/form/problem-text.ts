import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { FieldProblem } from '../../../machines/form-fields'

const sentences = {
  required: msg({ message: 'This field is required.', context: 'form field problem' }),
  email: msg({ message: 'Enter a valid e-mail address.', context: 'form field problem' }),
  tooShort: msg({ message: 'The password needs at least six characters.', context: 'form field problem' }),
  tooLong: msg({ message: 'This is too long.', context: 'form field problem' }),
  url: msg({ message: 'Enter a valid web address.', context: 'form field problem' }),
  choice: msg({ message: 'Choose one of the options.', context: 'form field problem' }),
  invalid: msg({ message: 'Check this field.', context: 'form field problem' }),
} satisfies Record<FieldProblem, unknown>

/** A field's problem as a sentence in the visitor's language. A form may word some problems its
 * own way (`own`); `values` fills their placeholders (`{max}`). */
export function problemText(
  i18n: I18n,
  problem: FieldProblem | undefined,
  own: Partial<Record<FieldProblem, MessageDescriptor>> = {},
  values?: Record<string, unknown>,
): string | undefined {
  if (!problem) return undefined
  const descriptor = own[problem] ?? sentences[problem]
  return i18n._(descriptor.id, values, { message: descriptor.message })
}
