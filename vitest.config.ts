import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'

// Debian's Chromium: no browser is ever downloaded (see README, "Tests").
export const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
})

// A fresh object per project: vitest writes each project's name into its instances.
const inChromium = () => ({ enabled: true, headless: true, provider: chromium, instances: [{ browser: 'chromium' as const }] })

function react18(pkg: 'react' | 'react-dom') {
  return resolve(import.meta.dirname, '.react18/node_modules', pkg)
}

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          globalSetup: ['test/support/global-build.ts'],
          include: ['test/{core,server,devnet,faults,package,ssr,ship,consumer}/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        // examples/next-app built with `next build` and served with `next start` against the devnet.
        extends: true,
        test: {
          name: 'next',
          environment: 'node',
          include: ['test/next/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 900_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/{react,components}/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/dom-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The hook and component suites again on React 18 (installed into .react18/ by `npm test`).
      ...(existsSync(react18('react'))
        ? [
            {
              extends: true as const,
              resolve: {
                alias: [
                  { find: /^react$/, replacement: react18('react') },
                  { find: /^react\/(.*)$/, replacement: `${react18('react')}/$1` },
                  { find: /^react-dom$/, replacement: react18('react-dom') },
                  { find: /^react-dom\/(.*)$/, replacement: `${react18('react-dom')}/$1` },
                  // Its CommonJS build would `require` React 19's react-dom past the aliases.
                  { find: /^@testing-library\/react$/, replacement: resolve(import.meta.dirname, 'node_modules/@testing-library/react/dist/@testing-library/react.esm.js') },
                ],
              },
              test: {
                name: 'react18',
                environment: 'jsdom',
                include: ['test/{react,components}/**/*.test.{ts,tsx}'],
                setupFiles: ['test/support/dom-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                // Processed by Vite so that their `react` imports take the alias too.
                server: { deps: { inline: [/@tanstack\/react-query/, /@testing-library\/react/, /@tanstack\/react-virtual/] } },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/{browser,hydration}/**/*.test.{ts,tsx}'],
          testTimeout: 60_000,
          browser: inChromium(),
        },
      },
      {
        // Every story in stories/ is a test in Chromium (render, play function, a11y as errors).
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'storybook',
          testTimeout: 60_000,
          browser: inChromium(),
        },
      },
    ],
  },
})
