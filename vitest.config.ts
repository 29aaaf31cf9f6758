import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { lowestInstalled, lowestSetDir, lowestSets } from './scripts/lowest.mjs'

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
// One page per browser project (fileParallelism off): the two browser projects already run beside the
// Node pool, and more pages only fight it for the two cores.
const inChromium = () => ({ enabled: true, headless: true, provider: chromium, fileParallelism: false, instances: [{ browser: 'chromium' as const }] })

/**
 * Aliases that send every import of the lowest supported peers (one set of scripts/lowest.mjs) to
 * the copies in .lowest/: one exact alias per entry of each package's `exports`, resolved as Node
 * would for `import`, so no subpath falls back to the project's newer copy or to a CJS twin.
 * wagmi, loaded by Node from the same set, finds the same files for its own imports of react,
 * TanStack Query and viem: one React and one QueryClient context, whoever imports them.
 */
function lowestAliases(set: keyof typeof lowestSets) {
  const pick = (target: unknown): string | undefined => {
    if (typeof target === 'string') return target
    if (!target || typeof target !== 'object') return undefined
    for (const [condition, value] of Object.entries(target)) {
      if (['node', 'import', 'default'].includes(condition)) {
        const found = pick(value)
        if (found) return found
      }
    }
    return undefined
  }
  return Object.keys(lowestSets[set]).flatMap((name) => {
    const dir = resolve(lowestSetDir(set), 'node_modules', name)
    const pkg = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown>; module?: string; main?: string }
    const entries: [string, string | undefined][] = pkg.exports
      ? Object.entries(pkg.exports).filter(([sub]) => !sub.includes('*') && !sub.endsWith('.json')).map(([sub, target]) => [sub, pick(target)])
      : [['.', pkg.module ?? pkg.main ?? 'index.js']]
    return entries.flatMap(([sub, file]) =>
      file ? [{ find: new RegExp(`^${(name + sub.slice(1)).replace(/[/.]/g, '\\$&')}$`), replacement: resolve(dir, file) }] : [],
    )
  })
}

// The jsdom files share one module registry per worker (isolate: false): a fresh jsdom and module
// graph per file cost over three minutes of a CI run. A file that replaces a module with `vi.mock`
// needs a registry of its own, so those run in a project that isolates each file.
const domFiles = 'test/{react,components}/**/*.test.{ts,tsx}'
// Vitest's jsdom, with bidi-js's Unicode table parsed once per worker instead of at every `<bdi>`
// whose style is read (test/support/jsdom-environment.ts).
const jsdom = './test/support/jsdom-environment.ts'
const testFilesUsingMocks = (dirs: string[]) =>
  dirs
    .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8')))
const mockingDomFiles = testFilesUsingMocks(['test/react', 'test/components'])
const domProjects = (name: string, base: Record<string, unknown>) => [
  { ...base, test: { ...(base.test as object), name, include: [domFiles], exclude: mockingDomFiles, isolate: false } },
  { ...base, test: { ...(base.test as object), name: `${name}-isolated`, include: mockingDomFiles, isolate: true } },
]

// The Node files share a module registry per worker too (isolate: false): re-importing the source
// for each of ~200 files was half of the node projects' time (368 s alone, 166 s shared). None may
// replace a module; one that needs to must get an isolated project, as the jsdom ones have.
const nodeDirs = ['core', 'i18n', 'server', 'devnet', 'faults', 'package', 'ssr', 'ship', 'consumer', 'wagmi', 'testing']
const mockingNodeFiles = testFilesUsingMocks(nodeDirs.map((dir) => `test/${dir}`))
if (mockingNodeFiles.length > 0) throw new Error(`vi.mock in a Node test file, whose module registry is shared: ${mockingNodeFiles.join(', ')}; give it an isolated project`)

const lowestProject = (name: string, environment: 'node' | 'jsdom', include: string[], setupFiles: string[], set: keyof typeof lowestSets = 'main') => ({
  extends: true as const,
  resolve: {
    alias: [
      ...lowestAliases(set),
      // Its CommonJS build would `require` the project's react-dom past the aliases.
      { find: /^@testing-library\/react$/, replacement: resolve(import.meta.dirname, 'node_modules/@testing-library/react/dist/@testing-library/react.esm.js') },
    ],
  },
  test: {
    name,
    environment: environment === 'jsdom' ? jsdom : environment,
    isolate: false,
    // jsdom files start faster in worker threads than in forked processes (see `maxWorkers` below).
    ...(environment === 'jsdom' ? { pool: 'threads' as const } : {}),
    include,
    setupFiles,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Processed by Vite so that their imports of the peers take the aliases too.
    server: { deps: { inline: [/@testing-library\/react/, /@tanstack\/react-virtual/] } },
  },
})

/**
 * The order files are handed to the three workers. Vitest's own runs the projects one after another
 * by name, each file in size order on a fresh clone (it knows no durations there): the Next.js build
 * started halfway through a CI run and the longest Node files (pack, lowest, docs) last, with little
 * left to run beside them. Here the long ones go first, the many short jsdom files last, so the end
 * of a run is shared out evenly; files of a project stay together (a worker serves one project's
 * files in a row without restarting).
 */
const projectOrder = ['next', 'node', 'lowest-wagmi-3', 'lowest-node', 'dom-isolated', 'dom', 'lowest-dom-isolated', 'lowest-dom']
// Files that took 8 s or more of a CI run (test/next/next-app builds the app first: two minutes).
const longFiles = [
  'test/next/next-app.test.ts',
  'test/package/pack.test.ts',
  'test/package/lowest.test.ts',
  'test/ship/docs.test.ts',
  'test/ship/package.test.ts',
  'test/wagmi/bridge.test.tsx',
  'test/server/headStreamRedis.test.ts',
  'test/core/history/merge.property.test.ts',
  'test/ship/strictCsp.test.ts',
  'test/devnet/server.test.ts',
  'test/devnet/cli.test.ts',
  'test/components/WalletActivityFeed.live.test.tsx',
  'test/components/TransactionRow.test.tsx',
  'test/components/WalletActivityFeed.arrivalsFocus.test.tsx',
  'test/components/TransactionDetails.events.test.tsx',
  'test/components/MergedActivityFeed.own.test.tsx',
  'test/components/MergedActivityFeed.order.test.tsx',
  'test/components/TransactionList.test.tsx',
  'test/components/WalletActivityFeed.window.test.tsx',
  'test/components/languages.test.tsx',
  'test/components/MergedActivityFeed.sources.test.tsx',
  'test/react/firstPageRefresh.test.tsx',
]
class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (list: string[], item: string) => (list.includes(item) ? list.indexOf(item) : list.length)
    const key = (spec: TestSpecification) => [rank(projectOrder, spec.project.name), rank(longFiles, spec.moduleId.slice(import.meta.dirname.length + 1))]
    // Stable: among the rest, Vitest's order (known durations, else size).
    return (await super.sort(files)).map((spec) => ({ spec, key: key(spec) })).sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]!).map(({ spec }) => spec)
  }
}

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine,
    // so every Node and jsdom file ran one after another while the suites mostly waited on timers,
    // sockets, anvil and next build. Three keep both cores busy. (Every project must share one
    // value, or Vitest runs them in separate groups one after another.)
    maxWorkers: 3,
    sequence: { sequencer: LongFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          isolate: false,
          globalSetup: ['test/support/global-build.ts'],
          include: [`test/{${nodeDirs.join(',')}}/**/*.test.{ts,tsx}`],
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
      ...domProjects('dom', {
        extends: true,
        test: {
          environment: jsdom,
          pool: 'threads',
          setupFiles: ['test/support/dom-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      }),
      // The core, hook, component and wagmi suites again against the lowest supported peers
      // (viem, TanStack Query, React 18, wagmi 2.16), installed into .lowest/ by `npm test`;
      // the wagmi suite once more on wagmi 3.0 (its own set: a project of one file, about 5 s).
      ...(lowestInstalled()
        ? [
            lowestProject('lowest-node', 'node', ['test/core/**/*.test.{ts,tsx}', 'test/devnet/{indexer,history}.test.ts', 'test/wagmi/**/*.test.{ts,tsx}'], []),
            lowestProject('lowest-wagmi-3', 'node', ['test/wagmi/**/*.test.{ts,tsx}'], [], 'wagmi-3'),
            ...domProjects('lowest-dom', lowestProject('lowest-dom', 'jsdom', [domFiles], ['test/support/dom-setup.ts'])),
          ]
        : []),
      {
        extends: true,
        // Reached only through lazy chunks (the head poller, new arrivals): found late, Vite would
        // optimize it mid-run and reload the page under a running test.
        optimizeDeps: { include: ['@tanstack/query-core'] },
        test: {
          name: 'browser',
          include: ['test/{browser,hydration}/**/*.test.{ts,tsx}'],
          testTimeout: 60_000,
          // A lazily loaded part (a row's details) can take seconds to arrive while the full run loads both cores.
          expect: { poll: { timeout: 10_000 } },
          browser: {
            ...inChromium(),
            // Reference screenshots are committed beside the tests (__screenshots__/ holds only a run's failures).
            expect: {
              toMatchScreenshot: {
                resolveScreenshotPath: ({ root, testFileDirectory, testFileName, arg, browserName, platform, ext }) =>
                  `${root}/${testFileDirectory}/baselines/${testFileName}/${arg}-${browserName}-${platform}${ext}`,
              },
            },
          },
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
