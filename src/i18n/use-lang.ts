import { useLingui } from '@lingui/react'
import type { Lang } from './lang'

/** The language of the page being rendered (chosen by its route). */
export function useLang(): Lang {
  return useLingui().i18n.locale as Lang
}
