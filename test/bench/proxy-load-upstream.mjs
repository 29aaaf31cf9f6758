// The local upstream of the proxy load bench (its own process, 127.0.0.1): a realistic 100-entry
// history page and a JSON-RPC reply, answered from bytes made once; every request counted here.
import { createServer } from 'node:http'
import { makePage } from './page-fixture.mjs'

const page = Buffer.from(JSON.stringify(makePage(100, 7)))
const small = Buffer.from(JSON.stringify(makePage(5, 7)))
const counts = { history: 0, rpc: 0, connections: 0 }
const json = { 'content-type': 'application/json; charset=utf-8' }

const server = createServer((req, res) => {
  if (req.method === 'GET' && /^\/api\/v2\.2\/wallets\/[^/]+\/history(\?|$)/.test(req.url ?? '')) {
    counts.history++
    // `limit=5` asks for the small page (the 100,000-request run), anything else gets the full one.
    const body = /[?&]limit=5(&|$)/.test(req.url) ? small : page
    res.writeHead(200, { ...json, 'content-length': body.length })
    res.end(body)
    return
  }
  if (req.method === 'POST' && req.url?.startsWith('/rpc')) {
    counts.rpc++
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      let id = null
      try {
        id = JSON.parse(Buffer.concat(chunks).toString()).id ?? null
      } catch {}
      const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1bc16d674ec80000' }))
      res.writeHead(200, { ...json, 'content-length': body.length })
      res.end(body)
    })
    return
  }
  res.writeHead(404, json)
  res.end('{"error":"not found"}')
})
server.keepAliveTimeout = 60_000
// Connections opened, to see whether callers keep them alive.
server.on('connection', () => counts.connections++)

server.listen(0, '127.0.0.1', () => process.send({ ready: true, port: server.address().port, pageBytes: page.length }))
process.on('message', (m) => {
  if (m === 'counts') {
    const { user, system } = process.cpuUsage()
    process.send({ counts: { ...counts }, cpuMs: (user + system) / 1000 })
  }
  else if (m === 'reset') {
    counts.history = 0
    counts.rpc = 0
    counts.connections = 0
    process.send({ reset: true })
  } else if (m === 'stop') {
    server.closeAllConnections()
    server.close(() => process.exit(0))
  }
})
