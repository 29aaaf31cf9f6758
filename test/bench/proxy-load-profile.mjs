#!/usr/bin/env node
// A steady-state CPU profile of the proxy under load (start-up left out, unlike --cpu-prof):
//   node test/bench/proxy-load-profile.mjs rpc|history [out.cpuprofile]   (CACHE=memory for cache hits)
// Open the file in Chrome DevTools (Performance) or speedscope. Needs `npm run build`.
import { fork } from 'node:child_process'
import autocannon from 'autocannon'

const here = import.meta.dirname
const kind = process.argv[2] ?? 'rpc'
const out = process.argv[3] ?? `proxy-${kind}.cpuprofile`
const start = (file, env) =>
  new Promise((resolve) => {
    const p = fork(`${here}/${file}`, [], { env: { ...process.env, ...env } })
    p.once('message', (m) => resolve({ p, ...m }))
  })
const ask = (p, message) => new Promise((resolve) => (p.once('message', resolve), p.send(message)))
const up = await start('proxy-load-upstream.mjs', {})
const px = await start('proxy-load-proxy.mjs', { UPSTREAM_PORT: String(up.port), CACHE: process.env.CACHE ?? 'off', TTL_SECONDS: '1' })
const wallet = '0xd8da6bf26964af9d7eed9e10c67ec0a8b24e5a3f'
const opts =
  kind === 'rpc'
    ? { url: `http://127.0.0.1:${px.port}/api/blockfeed/rpc`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [wallet, 'latest'] }) }
    : { url: `http://127.0.0.1:${px.port}/api/blockfeed/api/v2.2/wallets/${wallet}/history?chain=eth` }
await autocannon({ ...opts, connections: 10, duration: 2 })
await ask(px.p, 'profile-start')
const r = await autocannon({ ...opts, connections: 10, duration: 5 })
await ask(px.p, { profileStop: out })
console.log(`${kind}: ${Math.round(r.requests.total / r.duration)} req/s while profiled; profile in ${out}`)
px.p.send('stop')
up.p.send('stop')
