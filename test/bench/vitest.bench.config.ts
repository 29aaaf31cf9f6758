import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { chromium } from '../../vitest.config'

// The Chromium render benchmark: measurements, not tests, so it is kept out of `npm test`.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/bench/*.bench.tsx'],
    testTimeout: 300_000,
    browser: { enabled: true, headless: true, provider: chromium, instances: [{ browser: 'chromium' }] },
  },
})
