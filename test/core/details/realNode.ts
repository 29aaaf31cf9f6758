import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createClient } from '../../../src/exports/index.js'

const dir = resolve(import.meta.dirname, '../../fixtures/execution-apis')

/** One recorded exchange of an execution-apis `.io` file: the request line (`>>`) and geth's reply (`<<`), as recorded. */
export function recording(file: string): { request: { method: string; params?: unknown[] }; response: { result?: unknown; error?: unknown } } {
  const lines = readFileSync(resolve(dir, file), 'utf8').split('\n')
  const request = JSON.parse(lines.find((l) => l.startsWith('>> '))!.slice(3))
  const response = JSON.parse(lines.find((l) => l.startsWith('<< '))!.slice(3))
  return { request, response }
}

/**
 * A real client whose fetch answers JSON-RPC (single or batched) from recordings only: a request
 * is answered when its method and params equal a recorded one (`alias` maps a request to a
 * recorded one, e.g. a block asked for without its transactions to the recording that has them);
 * anything else is a JSON-RPC error, so nothing is made up. Counts HTTP requests.
 */
export function recordedNode(files: string[], alias: Record<string, string> = {}) {
  const byRequest = new Map<string, unknown>()
  for (const f of files) {
    const { request, response } = recording(f)
    byRequest.set(JSON.stringify([request.method, request.params ?? []]), response)
  }
  const asked: string[] = []
  let requests = 0
  const answer = (req: { id: number; method: string; params?: unknown[] }) => {
    let key = JSON.stringify([req.method, req.params ?? []])
    asked.push(key)
    if (Object.hasOwn(alias, key)) key = alias[key]!
    const recorded = byRequest.get(key) as Record<string, unknown> | undefined
    if (!recorded) return { jsonrpc: '2.0', id: req.id, error: { code: -32601, message: `not recorded: ${key}` } }
    return { ...recorded, id: req.id }
  }
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    requests++
    const body = JSON.parse(String(init?.body))
    const reply = Array.isArray(body) ? body.map(answer) : answer(body)
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } })
  }
  const client = createClient({ baseUrl: 'https://api.example.com', rpc: { url: 'https://rpc.example.com' }, chain: 'eth', fetch, retry: false })
  return { client, requests: () => requests, asked }
}
