import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'

// The same Chromium as the tests, with gc() exposed so each timed mount starts from a collected
// heap: otherwise the previous round's 10,000 unmounted rows are collected inside the next mount.
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--js-flags=--expose-gc', '--enable-precise-memory-info'],
  },
})

// The Chromium render benchmark: measurements, not tests, so it is kept out of `npm test`.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/bench/*.bench.tsx'],
    testTimeout: 300_000,
    browser: { enabled: true, headless: true, provider: chromium, instances: [{ browser: 'chromium' }] },
  },
})
