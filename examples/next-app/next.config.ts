import type { NextConfig } from 'next'

const config: NextConfig = {
  // The example lives inside the blockfeed repo: trace files from here, not from the repo's root.
  outputFileTracingRoot: import.meta.dirname,
  turbopack: { root: import.meta.dirname },
}

export default config
