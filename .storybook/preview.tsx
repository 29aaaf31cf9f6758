import type { Decorator, Preview } from '@storybook/react-vite'
import { initialize, mswLoader } from 'msw-storybook-addon'
import { useContext, useMemo, type ReactNode } from 'react'
import { configure } from 'storybook/test'
import { LocaleContext } from '../src/i18n/context.js'
import { localeDirection } from '../src/i18n/match.js'
import { handlers } from '../stories/handlers.js'
import { StoryProvider, type BlockfeedStoryParameters } from '../stories/support/StoryProvider.js'
import type { DataSourceMode } from '../stories/support/dataSource.js'
import './preview.css'

// The components' stylesheet parts, in path order (what scripts/build-css.mjs concatenates).
import.meta.glob('../src/components/**/*.css', { eager: true })

// The committed worker sits next to iframe.html, so a static build works under any sub-path.
const workerUrl = globalThis.location?.pathname.endsWith('/iframe.html')
  ? new URL('mockServiceWorker.js', globalThis.location.href).pathname
  : '/mockServiceWorker.js'

// The play functions' findBy/waitFor wait up to 5 s (Testing Library's default is 1 s): under a full test
// run on two cores, a lazily loaded part (the feed across chains, a row's details) can take longer to
// arrive. A wait ends as soon as what it waits for is there.
configure({ asyncUtilTimeout: 5_000 })

// Requests the handlers do not know (a live service, the devnet) go to the network untouched.
initialize({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: workerUrl } })

const withBlockfeed: Decorator = (Story, context) => {
  const mode = (context.globals.dataSource ?? 'mock') as DataSourceMode
  const theme = (context.parameters.theme ?? context.globals.theme ?? 'light') as 'light' | 'dark'
  return (
    <StoryProvider
      key={`${context.id}:${mode}`}
      mode={mode}
      theme={theme}
      fill={context.viewMode === 'story'}
      parameters={context.parameters.blockfeed as BlockfeedStoryParameters | undefined}
    >
      <Story />
    </StoryProvider>
  )
}

// The Language toolbar: every shipped catalogue and the pseudo-locale, each named in its own language.
const languages = [
  { value: 'en', title: 'English' },
  { value: 'es', title: 'Español' },
  { value: 'fr', title: 'Français' },
  { value: 'de', title: 'Deutsch' },
  { value: 'pt-BR', title: 'Português (Brasil)' },
  { value: 'it', title: 'Italiano' },
  { value: 'pl', title: 'Polski' },
  { value: 'ru', title: 'Русский' },
  { value: 'uk', title: 'Українська' },
  { value: 'tr', title: 'Türkçe' },
  { value: 'ar', title: 'العربية' },
  { value: 'he', title: 'עברית' },
  { value: 'hi', title: 'हिन्दी' },
  { value: 'ja', title: '日本語' },
  { value: 'ko', title: '한국어' },
  { value: 'zh-CN', title: '简体中文' },
  { value: 'zh-TW', title: '繁體中文' },
  { value: 'en-XA', title: 'Pseudo (en-XA)' },
]

/** The toolbar's locale over what the provider says (its `messages` kept); a component's own `locale` prop still wins. */
function StoryLocale({ locale, children }: { locale: string; children: ReactNode }) {
  const outer = useContext(LocaleContext)
  const value = useMemo(() => ({ ...outer, locale }), [outer, locale])
  // The feed sets dir on its root itself; the Pending group and the details do not, so the story's wrapper does.
  return (
    <LocaleContext.Provider value={value}>
      <div dir={localeDirection(locale)}>{children}</div>
    </LocaleContext.Provider>
  )
}

// Listed before withBlockfeed, so it runs inside it: inside BlockfeedProvider, whose own LocaleContext it overrides.
const withLocale: Decorator = (Story, context) => (
  <StoryLocale locale={(context.globals.locale as string | undefined) || 'en'}>
    <Story />
  </StoryLocale>
)

const preview: Preview = {
  tags: ['autodocs'],
  loaders: [mswLoader],
  decorators: [withLocale, withBlockfeed],
  globalTypes: {
    dataSource: {
      description: 'Where the stories get their data',
      toolbar: {
        title: 'Data',
        icon: 'database',
        dynamicTitle: true,
        items: [
          { value: 'mock', title: 'Offline fixtures (MSW)' },
          { value: 'live', title: 'Live service…' },
          { value: 'devnet', title: 'Local devnet' },
        ],
      },
    },
    theme: {
      description: 'Colour theme (data-theme)',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        dynamicTitle: true,
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
      },
    },
    locale: {
      description: 'Language of the components (LocaleContext); a story that passes its own `locale` keeps it',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        dynamicTitle: true,
        items: languages.map((l) => ({ ...l, right: l.value })),
      },
    },
  },
  initialGlobals: { dataSource: 'mock', theme: 'light', locale: 'en' },
  parameters: {
    msw: { handlers: { blockfeed: handlers } },
    // Every story is an accessibility test: a violation fails it.
    a11y: { test: 'error' },
    controls: { expanded: true, matchers: { date: /Date$/ } },
    layout: 'fullscreen',
    options: {
      // The manual first (DOCS.md's sidebar), guides in the order a dapp adopts them, then the stories.
      storySort: {
        order: [
          'Docs',
          [
            'Introduction',
            'Quick start',
            ['Vite', 'Next.js App Router', 'wagmi'],
            'Guides',
            [
              'The feed and theming',
              'Languages and right to left',
              "Your user's own transactions",
              'New arrivals',
              'One feed across chains',
              'Details and names',
              'Filters and export',
              'Reopening and memory',
              'The proxy and deploying',
              'The devnet',
              'Errors and retries',
              'Server rendering',
              'Security notes',
              'Where the spec is silent',
            ],
            'Reference',
            ['blockfeed', ['createClient', 'Errors', 'Chains', 'Schemas', 'react', 'components', 'server', 'wagmi', 'devnet', 'testing', '*', 'Types and constants']],
            'Migrating from 0.1 to 0.2',
            'Changelog',
          ],
          'Feed',
          'Components',
          'Hooks',
          'Fixtures',
        ],
      },
    },
  },
}

export default preview
