import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { FieldProblem } from '../../../machines/form-fields'

const sentences = {
  required: msg({ message: 'This field is required.', context: 'form field problem' }),
  email: msg({ message: 'Enter a valid e-mail address.', context: 'form field problem' }),
  tooShort: msg({ message: 'The password needs at least 6 characters.', context: 'form field problem' }),
  tooLong: msg({ message: 'This is too long.', context: 'form field problem' }),
  url: msg({ message: 'Enter a valid web address.', context: 'form field problem' }),
  choice: msg({ message: 'Choose one of the options.', context: 'form field problem' }),
  invalid: msg({ message: 'Check this field.', context: 'form field problem' }),
} satisfies Record<FieldProblem, unknown>

export const problemText = (i18n: I18n, problem: FieldProblem | undefined) => (problem ? i18n._(sentences[problem]) : undefined)
