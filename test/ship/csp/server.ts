/**
 * The strict-CSP page: test/ship/csp/app.tsx bundled by esbuild from the built package (dist/, found
 * through package.json `exports` as an app's bundler would), served from 127.0.0.1 with the policy on
 * every answer, beside the fixture service (the stories' wallet-history pages) and JSON-RPC node.
 */
import { build, type Plugin } from 'esbuild'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { answerRpc, type JsonRpcRequest } from '../../../src/testing/rpc.js'
import { serveWalletHistory } from '../../../src/testing/page.js'
import { LOGO_ORIGIN } from '../../../src/testing/catalogue.js'

const root = resolve(import.meta.dirname, '../../..')

/** Where the app's token logos come from (an image CDN the app lists in `img-src`). */
export { LOGO_ORIGIN }

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // The fixture service's logos are https URLs on their own origin, as a real logo CDN's are: an app
  // that shows token logos lists that origin (nothing else is loosened).
  `img-src 'self' data: ${LOGO_ORIGIN}`,
  "connect-src 'self'",
].join('; ')

/** Paths the app reads, relative to the page's origin (see app.tsx). */
export const SERVICE_PATH = '/api/blockfeed'
export const RPC_PATH = '/rpc'

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>blockfeed under a strict CSP</title>
    <link rel="stylesheet" href="/app.css" />
    <script type="module" src="/app.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

/** `blockfeed` and its subpaths resolved through the package's own `exports`, to the built files. */
function builtPackage(): Plugin {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string | { default: string }> }
  const target = (entry: string | { default: string } | undefined) => (typeof entry === 'string' ? entry : entry?.default)
  return {
    name: 'built-blockfeed',
    setup(b) {
      b.onResolve({ filter: /^blockfeed(\/.*)?$/ }, (args) => {
        const sub = `.${args.path.slice('blockfeed'.length)}`
        let file = target(pkg.exports[sub])
        if (!file) {
          const wildcard = Object.keys(pkg.exports).find((k) => k.endsWith('/*') && sub.startsWith(k.slice(0, -1)))
          file = wildcard ? target(pkg.exports[wildcard])?.replace('*', sub.slice(wildcard.length - 1)) : undefined
        }
        if (!file) return { errors: [{ text: `blockfeed does not export ${sub}` }] }
        return { path: join(root, file) }
      })
    },
  }
}

/**
 * The app as a production build with code splitting: the entry, its chunks (lazy ones too) and its
 * CSS. Not minified (the policy sees the same code either way), so a violation's line can be traced
 * to its module by the path comment esbuild writes above each one (see `moduleAt`).
 */
export async function bundleApp(): Promise<Map<string, { type: string; body: Uint8Array }>> {
  const out = join(root, 'test-results/strict-csp')
  const result = await build({
    entryPoints: { app: join(import.meta.dirname, 'app.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: out,
    absWorkingDir: root,
    write: false,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [builtPackage()],
    logLevel: 'silent',
  })
  const files = new Map<string, { type: string; body: Uint8Array }>()
  for (const f of result.outputFiles) {
    const name = `/${f.path.slice(out.length + 1)}`
    files.set(name, { type: name.endsWith('.css') ? 'text/css' : 'text/javascript', body: f.contents })
  }
  return files
}

/** The module (its path, as esbuild's comment names it) that a line of a served file belongs to. */
export function moduleAt(files: Map<string, { body: Uint8Array }>, url: string, line: number): string | undefined {
  const file = files.get(new URL(url, 'http://127.0.0.1').pathname)
  if (!file) return undefined
  const lines = new TextDecoder().decode(file.body).split('\n')
  for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) {
    const path = /^\/\/ ((?:node_modules|dist|test)\/\S+)$/.exec(lines[i]!)?.[1]
    if (path) return path
  }
  return undefined
}

/** What the fixture service and node were asked, for the test to check each step really happened. */
export interface ServedRequests {
  /** Wallet-history pages served, and whether the last one had no cursor (the end of the history). */
  historyPages: number
  lastPageEnded: boolean
  rpcMethods: string[]
  /** The app's files served (its entry, CSS, and each chunk as the page asked for it). */
  assets: string[]
  /** Requests for anything else (404s). */
  unknown: string[]
}

export interface CspServer {
  url: string
  served: ServedRequests
  close(): Promise<void>
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')))
    req.on('error', fail)
  })
}

function send(res: ServerResponse, status: number, type: string, body: string | Uint8Array) {
  res.writeHead(status, { 'content-type': type, 'content-security-policy': CONTENT_SECURITY_POLICY, 'cache-control': 'no-store' })
  res.end(body)
}

/** Serves the bundled app, the history pages and the node on a free port of 127.0.0.1. */
export async function startCspServer(files: Map<string, { type: string; body: Uint8Array }>): Promise<CspServer> {
  const served: ServedRequests = { historyPages: 0, lastPageEnded: false, rpcMethods: [], assets: [], unknown: [] }
  const historyPath = new RegExp(`^${SERVICE_PATH}/api/v2\\.2/wallets/([^/]+)/history$`)
  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const history = historyPath.exec(url.pathname)
      if (req.method === 'GET' && history) {
        const answer = serveWalletHistory(decodeURIComponent(history[1]!), url.searchParams)
        served.historyPages++
        served.lastPageEnded = answer.status === 200 && !(JSON.parse(answer.body) as { cursor: string | null }).cursor
        return send(res, answer.status, answer.headers['content-type'] ?? 'application/json', answer.body)
      }
      if (req.method === 'POST' && url.pathname === RPC_PATH) {
        let body: unknown
        try {
          body = JSON.parse(await readBody(req))
        } catch {
          return send(res, 200, 'application/json', JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }))
        }
        const one = (r: JsonRpcRequest) => {
          served.rpcMethods.push(String(r?.method))
          return answerRpc('eth', r)
        }
        const answer = Array.isArray(body) ? body.map((r) => one(r as JsonRpcRequest)) : one(body as JsonRpcRequest)
        return send(res, 200, 'application/json', JSON.stringify(answer))
      }
      if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/index.html')) return send(res, 200, 'text/html; charset=utf-8', INDEX_HTML)
      const file = req.method === 'GET' ? files.get(url.pathname) : undefined
      if (file) {
        served.assets.push(url.pathname)
        return send(res, 200, file.type, file.body)
      }
      served.unknown.push(`${req.method} ${url.pathname}`)
      return send(res, 404, 'text/plain', 'not found')
    } catch (error) {
      return send(res, 500, 'text/plain', String(error))
    }
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

/** A token logo, drawn (the test answers the logo origin's requests in the browser: no network). */
export function logoSvg(path: string): string {
  const text = (path.split('/').pop() ?? '?').replace(/\.\w+$/, '').replace(/[^a-z0-9]/gi, '').slice(0, 3).toUpperCase()
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#3b6fd4"/><text x="16" y="20.5" font-family="sans-serif" font-size="11" font-weight="700" text-anchor="middle" fill="#fff">${text}</text></svg>`
}
