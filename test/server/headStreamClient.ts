import { fork, type ChildProcess } from 'node:child_process'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { resolve } from 'node:path'
import { vi } from 'vitest'
import { startFakeUpstream, json, type FakeUpstream } from '../faults/support/fakeUpstream.js'

/** One head-stream subscriber over real HTTP, as a browser's EventSource reads it. */
export interface Subscriber {
  status: number
  headers: IncomingMessage['headers']
  /** The `data:` of each event, parsed. */
  events: { chain: string; blockNumber: string }[]
  comments: number
  retry: number | undefined
  /** The body as read so far (for a refusal: its JSON). */
  text: string
  ended: boolean
  close(): void
}

/** Opens `GET url` and reads it as server-sent events until `close()` or the server ends it; resolves once the headers are in. */
export function subscribe(url: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { accept: 'text/event-stream' } }, (res) => {
      const s: Subscriber = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        comments: 0,
        retry: undefined,
        text: '',
        ended: false,
        close: () => req.destroy(),
      }
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        s.text += chunk
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) s.comments++
            else if (line.startsWith('retry: ')) s.retry = Number(line.slice(7))
            else if (line.startsWith('data: ')) s.events.push(JSON.parse(line.slice(6)))
          }
        }
      })
      res.on('end', () => void (s.ended = true))
      res.on('close', () => void (s.ended = true))
      res.on('error', () => {})
      resolve(s)
    })
    req.on('error', reject)
    req.end()
  })
}

/** Waits for a state; the timeout only makes a state that never comes fail before the test's own (30 s). */
export const waitFor = (assertion: () => void, timeout = 15_000) => vi.waitFor(assertion, { timeout, interval: 5 })
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The block numbers a subscriber saw, as numbers. */
export const heads = (s: Subscriber) => s.events.map((e) => Number(BigInt(e.blockNumber)))

/** A node whose head climbs by one every `blockMs`, counting each `eth_blockNumber` it answers, by the `?from=` of the RPC URL. */
export async function startChain(blockMs: number) {
  const upstream: FakeUpstream = await startFakeUpstream()
  const startedAt = Date.now()
  let base = 0x1000
  const head = () => base + Math.floor((Date.now() - startedAt) / blockMs)
  const log: { at: number; from: string | undefined }[] = []
  upstream.reply((call, res) => {
    const body = JSON.parse(call.body) as { id: number; method: string } | { id: number; method: string }[]
    const calls = Array.isArray(body) ? body : [body]
    for (const c of calls) if (c.method === 'eth_blockNumber') log.push({ at: Date.now(), from: /from=(\w+)/.exec(call.url)?.[1] })
    const answer = (c: { id: number; method: string }) => ({ jsonrpc: '2.0', id: c.id, result: c.method === 'eth_blockNumber' ? `0x${head().toString(16)}` : null })
    json(res, 200, Array.isArray(body) ? body.map(answer) : answer(body))
  })
  return {
    upstream,
    head,
    /** `eth_blockNumber` calls answered (from one instance when named). */
    polls: (from?: string) => log.filter((p) => from === undefined || p.from === from).length,
    /** Each `eth_blockNumber` call: when, and from which instance (the `?from=` of its RPC URL). */
    log,
    reset: () => void log.splice(0),
    jump: (blocks: number) => void (base += blocks),
    close: () => upstream.close(),
  }
}

/** A proxy instance in a process of its own (headStreamInstance.ts), to kill as a crashed server dies. */
export interface Instance {
  name: string
  url: string
  stats(): Promise<{ subscribers: number; chains: number; polling: number }>
  usage(): Promise<{ heapUsed: number; rss: number; fds: number }>
  /** The longest two turns of its event loop since last asked, in ms (started with WATCH_TURNS=1; else 0). */
  turns(): Promise<number>
  warnings: string[]
  /** SIGKILL: no lease given back, no connection closed cleanly. */
  kill(): Promise<void>
  stop(): Promise<void>
}

let bundled: Promise<string> | undefined

/**
 * headStreamInstance.ts bundled from src, once per process: one file starts in a second where the
 * module graph (viem's chains) takes several on a busy machine. ioredis is left out, so the bundle
 * lives inside node_modules, where it resolves.
 */
export function instanceScript(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild')
    const root = resolve(import.meta.dirname, '../..')
    const outfile = resolve(root, `node_modules/.cache/blockfeed-head-stream/instance-${process.pid}.mjs`)
    await build({ entryPoints: [resolve(import.meta.dirname, 'headStreamInstance.ts')], bundle: true, platform: 'node', format: 'esm', external: ['ioredis'], outfile, logLevel: 'warning' })
    return outfile
  })()
  return bundled
}

/** Removes this process's bundle. */
export async function removeInstanceScript(): Promise<void> {
  if (!bundled) return
  const { rm } = await import('node:fs/promises')
  await rm(await bundled, { force: true })
  bundled = undefined
}

export async function startInstance(name: string, env: Record<string, string>, execArgv: string[] = []): Promise<Instance> {
  const child: ChildProcess = fork(await instanceScript(), [], { env: { ...process.env, ...env, NAME: name }, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const warnings: string[] = []
  child.on('message', (m: { warning?: string }) => void (m?.warning && warnings.push(m.warning)))
  const port = await new Promise<number>((resolve, reject) => {
    const on = (m: { port?: number }) => {
      if (m?.port === undefined) return
      child.off('message', on)
      resolve(m.port)
    }
    child.on('message', on)
    child.once('exit', (code) => reject(new Error(`instance ${name} exited (${code}) before it listened`)))
  })
  const ask = <K extends string>(message: string, key: K) =>
    new Promise<never>((resolve) => {
      const on = (m: Record<string, unknown>) => {
        if (m?.[key] === undefined) return
        child.off('message', on)
        resolve(m[key] as never)
      }
      child.on('message', on)
      child.send(message)
    })
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    warnings,
    stats: () => ask('stats', 'stats'),
    usage: () => ask('usage', 'usage'),
    turns: () => ask('turns', 'turns'),
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.send('stop')
      setTimeout(() => child.kill('SIGKILL'), 2_000).unref()
      await exited
    },
  }
}
