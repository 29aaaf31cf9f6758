#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { InvalidParameterError } from '../core/errors.js'
import { anvilPackageName } from './anvil.js'
import { DEFAULT_LIMIT, MAX_LIMIT } from './history.js'
import { devnetNames } from './seed.js'
import { startDevnet, type Devnet } from './startDevnet.js'

const USAGE = `Usage: blockfeed devnet [options]

Starts a local chain (anvil), seeds a scenario, indexes it and serves the
Blockchain Data Service wallet-history API and JSON-RPC on this machine.

Options:
  --port <n>        port of the API (default 8580; 0 picks a free one)
  --host <host>     interface to listen on (default 127.0.0.1)
  --rpc-url <url>   attach to a running node instead of starting anvil
  --no-seed         do not seed the scenario
  --api-key <key>   require this key in the X-API-Key header
  --block-time <s>  seconds between blocks of the started anvil (default: a block per transaction)
  -h, --help        show this help

anvil is found through ANVIL_PATH, PATH, or the npm package ${anvilPackageName()}
(npm install --save-dev ${anvilPackageName()}).`

function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

function banner(d: Devnet, apiKey: string | undefined): string {
  const lines = [
    '',
    `blockfeed devnet is running (chain ${d.chain} = ${d.chainId})`,
    '',
    `  Wallet history  GET  ${d.url}/api/v2.2/wallets/{address}/history`,
    `  JSON-RPC        POST ${d.rpcUrl}   (the 28 eth_ methods of the spec)`,
    `  Node            ${d.nodeUrl}`,
    `  Page size       limit default ${DEFAULT_LIMIT}, max ${MAX_LIMIT}`,
    '',
    'Wallets (anvil dev accounts; the keys are public, never use them on a real chain):',
    ...d.wallets.map((w) => `  ${w.name.padEnd(9)} ${w.address}  ${w.privateKey}\n            ${w.role}`),
    '',
  ]
  if (d.contracts) {
    const width = Math.max(...Object.keys(d.contracts).map((k) => k.length))
    lines.push('Seeded contracts:', ...Object.entries(d.contracts).map(([k, v]) => `  ${k.padEnd(width)} ${v}`), '')
    lines.push(
      `Names (${Object.values(devnetNames).join(', ')}), with viem:`,
      `  getEnsName(client, { address, universalResolverAddress: '${d.contracts.universalResolver}' })`,
      '',
    )
  }
  const alice = d.wallets.find((w) => w.name === 'alice')!
  lines.push(
    'Try it:',
    `  curl '${d.url}/api/v2.2/wallets/${alice.address}/history?limit=5'${apiKey ? ` -H 'X-API-Key: ${apiKey}'` : ''}`,
    '',
    'In your app (Node or a browser), these options for createClient, as JSON (also served at',
    `GET ${d.url}/config, so a browser app can fetch them):`,
    '',
    ...JSON.stringify(d.clientOptions, null, 2).split('\n').map((line) => `  ${line}`),
    '',
    "  import { createClient } from 'blockfeed'",
    '  const client = createClient({',
    `    baseUrl: '${d.url}',`,
    ...(apiKey ? [`    apiKey: '${apiKey}',`] : []),
    `    rpc: { url: '${d.rpcUrl}' },`,
    `    chain: '${d.chain}',`,
    `    extraChains: ['${d.chain}'],`,
    ...(d.clientOptions.ensUniversalResolver ? [`    ensUniversalResolver: '${d.clientOptions.ensUniversalResolver}',`] : []),
    '  })',
    '',
    'Press Ctrl-C to stop.',
    '',
  )
  return lines.join('\n')
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  if (command !== 'devnet') fail(`unknown command "${command}"\n\n${USAGE}`)

  let values
  try {
    ;({ values } = parseArgs({
      args: rest,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'rpc-url': { type: 'string' },
        'no-seed': { type: 'boolean' },
        'api-key': { type: 'string' },
        'block-time': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`)
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const port = values.port === undefined ? 8580 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port: expected a port number, got "${values.port}"`)
  const blockTime = values['block-time'] === undefined ? undefined : Number(values['block-time'])
  if (blockTime !== undefined && !(Number.isInteger(blockTime) && blockTime >= 1)) fail(`--block-time: expected whole seconds (1 or more), got "${values['block-time']}"`)
  if (values['rpc-url'] !== undefined && !/^https?:\/\//.test(values['rpc-url'])) fail(`--rpc-url: expected an http(s) URL, got "${values['rpc-url']}"`)
  if (values['rpc-url'] !== undefined && blockTime !== undefined) fail('--block-time applies to a started anvil; it cannot be combined with --rpc-url')

  process.stdout.write(values['rpc-url'] ? `attaching to ${values['rpc-url']}…\n` : 'starting anvil…\n')
  let devnet: Devnet
  try {
    devnet = await startDevnet({
      port,
      host: values.host,
      rpcUrl: values['rpc-url'],
      seed: !values['no-seed'],
      apiKey: values['api-key'],
      blockTime,
    })
  } catch (error) {
    if (error instanceof InvalidParameterError && error.parameter === 'anvilPath') fail(error.reason)
    if (error instanceof InvalidParameterError) fail(error.message)
    const e = error as NodeJS.ErrnoException
    if (e.code === 'EADDRINUSE') fail(`port ${port} is in use: pass --port <another> (or --port 0 for any free port)`)
    fail(`blockfeed devnet could not start: ${e.message}`)
  }
  process.stdout.write(banner(devnet, values['api-key']))

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl-C quits at once; the exit hook still kills the anvil this process started.
    if (stopping) process.exit(130)
    stopping = true
    process.stdout.write(`\n${signal}: stopping…\n`)
    devnet.stop().then(
      () => process.exit(0),
      (error: unknown) => fail(`could not stop cleanly: ${(error as Error).message}`),
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main(process.argv.slice(2)).catch((error: unknown) => fail(`blockfeed: ${(error as Error).stack ?? String(error)}`))
