import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createContext, useContext, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import type { ClientConfig } from '../../src/exports/index.js'
import { BlockfeedProvider } from '../../src/exports/react.js'
import {
  DEVNET_PRESET,
  createMockClient,
  createSettingsClient,
  readSettings,
  saveSettings,
  type DataSourceMode,
  type DataSourceSettings,
} from './dataSource.js'

/** Per-story options, as `parameters.blockfeed`. */
export interface BlockfeedStoryParameters {
  /** Overrides of the story's `createClient` config (e.g. `{ retry: 2 }`). */
  client?: Partial<ClientConfig>
  /** Interval of the shared block poller of `watch: true` hooks. */
  pollingIntervalMs?: number
  /**
   * Keep the feed's rows for the next visit (the provider's `persist`). Off in every other story, so
   * that no story shows rows another one stored.
   */
  persist?: boolean
}

interface StoryTarget {
  mode: DataSourceMode
  wallet: string | undefined
  chain: string | undefined
}

const TargetContext = createContext<StoryTarget>({ mode: 'mock', wallet: undefined, chain: undefined })

/**
 * The wallet and chain a story should show: its own fixture wallet offline, or the one
 * entered for the live service or the devnet.
 */
export function useStoryTarget(wallet: string, chain?: string): { wallet: string; chain: string | undefined } {
  const target = useContext(TargetContext)
  return { wallet: target.wallet || wallet, chain: target.chain || chain }
}

export interface StoryProviderProps {
  mode: DataSourceMode
  theme: 'light' | 'dark'
  /** Fill the canvas (story view) rather than fit the story (docs). */
  fill?: boolean
  parameters: BlockfeedStoryParameters | undefined
  children: ReactNode
}

/** A fresh QueryClient and blockfeed client per story, for the selected data source. */
export function StoryProvider({ mode, theme, fill = false, parameters, children }: StoryProviderProps) {
  const [settings, setSettings] = useState<DataSourceSettings | undefined>(() => (mode === 'mock' ? undefined : readSettings(mode)))
  const client = useMemo(
    () => (mode === 'mock' || !settings ? createMockClient(parameters?.client) : createSettingsClient(settings, parameters?.client)),
    [mode, settings, parameters?.client],
  )
  // TanStack Query retries stay off: the fetch core is the one retry layer.
  const queryClient = useMemo(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }), [client])
  const target = useMemo<StoryTarget>(
    () => ({ mode, wallet: settings?.wallet || undefined, chain: settings?.chain || undefined }),
    [mode, settings],
  )

  return (
    <div data-theme={theme} data-fill={fill ? '' : undefined} className="sb-blockfeed-frame" style={{ colorScheme: theme }}>
      {mode !== 'mock' && (
        <SourceSettings
          mode={mode}
          settings={settings ?? readSettings(mode)}
          onSave={(next) => {
            saveSettings(mode, next)
            setSettings(next ?? readSettings(mode))
          }}
        />
      )}
      {client instanceof Error ? (
        <p role="status">{client.message}</p>
      ) : (
        <QueryClientProvider client={queryClient}>
          <BlockfeedProvider client={client} pollingIntervalMs={parameters?.pollingIntervalMs} persist={parameters?.persist ? undefined : false}>
            <TargetContext.Provider value={target}>{children}</TargetContext.Provider>
          </BlockfeedProvider>
        </QueryClientProvider>
      )}
    </div>
  )
}

const fields: { key: keyof DataSourceSettings; label: string; type?: string; placeholder: string }[] = [
  { key: 'baseUrl', label: 'Base URL', placeholder: 'https://api.example.com' },
  { key: 'apiKey', label: 'API key (X-API-Key)', type: 'password', placeholder: 'optional' },
  { key: 'rpcUrl', label: 'JSON-RPC URL', placeholder: 'https://rpc.example.com' },
  { key: 'chain', label: 'Chain', placeholder: 'eth, 0x89, … (optional)' },
  { key: 'wallet', label: 'Wallet address', placeholder: '0x… (optional: replaces the fixture wallet)' },
]

function SourceSettings({ mode, settings, onSave }: { mode: Exclude<DataSourceMode, 'mock'>; settings: DataSourceSettings; onSave: (s: DataSourceSettings | undefined) => void }) {
  const id = useId()
  const [open, setOpen] = useState(!settings.baseUrl || mode === 'devnet')
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    onSave(Object.fromEntries(fields.map((f) => [f.key, String(data.get(f.key) ?? '').trim()])) as unknown as DataSourceSettings)
    setOpen(false)
  }
  return (
    <details className="sb-source" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {mode === 'live' ? 'Live service' : 'Local devnet'}: {settings.baseUrl || 'not set'}
      </summary>
      <p className="sb-source-note" role="note">
        {mode === 'live' ? (
          <>
            <strong>An API key entered in a browser is for local development only</strong>: any script on this page can read it.
            In an app, keep the key on your server behind <code>createProxyHandler</code> (blockfeed/server).{' '}
          </>
        ) : (
          <>
            Start the devnet with <code>npx blockfeed devnet</code> (port 8580). The preset shows alice, the wallet with every
            kind of activity.{' '}
          </>
        )}
        These settings stay in this tab&apos;s sessionStorage and are gone when it closes.
      </p>
      <form onSubmit={submit} className="sb-source-form">
        {fields.map((f) => (
          <label key={f.key} htmlFor={`${id}-${f.key}`}>
            {f.label}
            <input
              id={`${id}-${f.key}`}
              name={f.key}
              type={f.type ?? 'text'}
              defaultValue={settings[f.key]}
              placeholder={f.placeholder}
              autoComplete="off"
              spellCheck={false}
            />
          </label>
        ))}
        <div>
          <button type="submit">Use these settings</button>{' '}
          <button type="button" onClick={() => onSave(mode === 'devnet' ? DEVNET_PRESET : undefined)}>
            {mode === 'devnet' ? 'Reset to the preset' : 'Forget'}
          </button>
        </div>
      </form>
    </details>
  )
}
