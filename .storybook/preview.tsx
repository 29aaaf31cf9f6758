import type { Decorator, Preview } from '@storybook/react-vite'
import { initialize, mswLoader } from 'msw-storybook-addon'
import { configure } from 'storybook/test'
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

const preview: Preview = {
  tags: ['autodocs'],
  loaders: [mswLoader],
  decorators: [withBlockfeed],
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
  },
  initialGlobals: { dataSource: 'mock', theme: 'light' },
  parameters: {
    msw: { handlers: { blockfeed: handlers } },
    // Every story is an accessibility test: a violation fails it.
    a11y: { test: 'error' },
    controls: { expanded: true, matchers: { date: /Date$/ } },
    layout: 'fullscreen',
    options: {
      storySort: { order: ['Introduction', 'Feed', 'Components', 'Hooks', 'Fixtures'] },
    },
  },
}

export default preview
