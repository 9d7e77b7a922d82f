import { type I18n, type Messages, setupI18n } from '@lingui/core'
import type { Lang } from './lang'

const catalogs: Record<Lang, () => Promise<{ messages: Messages }>> = {
  nb: () => import('../../locales/nb/messages.po'),
  en: () => import('../../locales/en/messages.po'),
}

/** Loads only the given language's catalog (one small chunk per language). */
export async function loadMessages(lang: Lang): Promise<Messages> {
  const { messages } = await catalogs[lang]()
  return messages
}

/** One instance per render: the prerenderer renders many pages in one process. */
export function createI18n(lang: Lang, messages: Messages): I18n {
  return setupI18n({ locale: lang, messages: { [lang]: messages } })
}
