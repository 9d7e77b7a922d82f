import { lingui } from '@lingui/vite-plugin'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import babel from 'vite-plugin-babel'
import { linguiCatalogScopes } from './src/build/vite-catalog-scopes.ts'

// Lingui macros need Babel: plugin-react 6 dropped its `babel` option (see TOOLCHAIN.md).
const linguiMacros = babel({
  include: /\/(src|machines|tests)\/.*\.[jt]sx?$/,
  babelConfig: {
    babelrc: false,
    configFile: false,
    parserOpts: { plugins: ['typescript', 'jsx'] },
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  },
})

export default defineConfig(({ command }) => ({
  // A build fails on any missing translation; the dev server and tests fall back to the source text.
  plugins: [
    react(),
    linguiMacros,
    lingui({ failOnMissing: command === 'build' }),
    linguiCatalogScopes({ failOnMissing: command === 'build' }),
    vanillaExtractPlugin(),
  ],
  publicDir: 'src/public',
  build: { target: 'es2022', sourcemap: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/machines/**/*.test.{ts,tsx}', 'tests/components/**/*.test.{ts,tsx}', 'tests/lib/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/backend/**/*.test.ts', 'tests/tools/**/*.test.ts'],
          testTimeout: 20000,
        },
      },
      {
        // Checks of the built site (dist/); `npm test` runs them after the build.
        extends: true,
        test: { name: 'dist', environment: 'node', include: ['tests/build/**/*.test.ts'] },
      },
    ],
  },
}))
