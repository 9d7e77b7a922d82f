import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

// English is the source language of the code; Norwegian (the site's default) is translated in
// locales/nb/messages.po. Translators work on the PO files only.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['nb', 'en'],
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/machines'],
      exclude: ['**/node_modules/**', '<rootDir>/src/server/**', '<rootDir>/src/build/**'],
    },
  ],
  format: formatter({ lineNumbers: false, origins: true }),
  orderBy: 'messageId',
})
