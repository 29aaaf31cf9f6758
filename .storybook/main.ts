import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // The manual (docs/, MDX) first, then the component stories.
  stories: ['../docs/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // The committed MSW worker (public/mockServiceWorker.js) is served from here.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // react-docgen (the default) reads the props; react-docgen-typescript needs the TypeScript JS API, which tsc 7 has not.
  typescript: { reactDocgen: 'react-docgen' },
  // Dependencies some stories reach only later (dynamic imports, one story's fixtures): optimized up
  // front, so Vite never re-optimizes mid-run and reloads the modules stories already hold.
  viteFinal: (vite) => ({
    ...vite,
    optimizeDeps: {
      ...vite.optimizeDeps,
      include: [...(vite.optimizeDeps?.include ?? []), 'viem', 'viem/accounts', 'viem/chains', 'viem/ens', 'zod/mini', 'csv-stringify/browser/esm/sync', '@tanstack/react-virtual', '@tanstack/query-core', 'wagmi', 'wagmi/actions', 'wagmi/connectors'],
    },
  }),
}

export default config
