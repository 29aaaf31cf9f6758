import { spawn } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { delimiter, join } from 'node:path'
import { InvalidParameterError } from '../core/errors.js'

/** A node the devnet started itself (and so must stop). */
export interface AnvilProcess {
  rpcUrl: string
  port: number
  stop: () => Promise<void>
}

export interface LaunchAnvilOptions {
  /** Path of the anvil binary; found with {@link findAnvil} when left out. */
  anvilPath?: string | undefined
  /** The node's EIP-155 chain id (anvil's `--chain-id`); anvil's 31337 when left out. */
  chainId?: number | undefined
  /** Extra command-line arguments for anvil. */
  args?: readonly string[] | undefined
}

/** Why no anvil was found and how to get one (the reason of the `anvilPath` error). */
function notFound(tried: string[]): InvalidParameterError {
  return new InvalidParameterError(
    'anvilPath',
    [
      'anvil (the local node of Foundry) was not found. Tried:',
      ...tried.map((t) => `  - ${t}`),
      'Get one of:',
      '  npm install --save-dev @foundry-rs/anvil-linux-amd64   (or the package for your platform)',
      '  curl -L https://foundry.paradigm.xyz | bash && foundryup',
      'then run again, or set ANVIL_PATH=/path/to/anvil, or attach to a running node with --rpc-url.',
    ].join('\n'),
  )
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The npm package holding anvil's native binary for this platform (e.g. `@foundry-rs/anvil-linux-amd64`). */
export function anvilPackageName(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const os = process.platform === 'win32' ? 'win32' : process.platform
  return `@foundry-rs/anvil-${os}-${arch}`
}

/**
 * Finds the anvil binary the devnet starts: `ANVIL_PATH`, else `anvil` on `PATH`, else the npm package
 * for this platform (`@foundry-rs/anvil-linux-amd64` and the like).
 *
 * @param env - The environment to read `ANVIL_PATH` and `PATH` from.
 * @returns The path of an executable anvil.
 * @throws {@link InvalidParameterError} Naming `anvilPath`, when none is found; its message says what to install.
 * @example
 * ```ts
 * import { findAnvil } from 'blockfeed/devnet'
 *
 * console.log(`anvil: ${findAnvil()}`)
 * ```
 */
export function findAnvil(env: NodeJS.ProcessEnv = process.env): string {
  const tried: string[] = []
  if (env.ANVIL_PATH) {
    if (isExecutable(env.ANVIL_PATH)) return env.ANVIL_PATH
    tried.push(`ANVIL_PATH=${env.ANVIL_PATH} (not an executable file)`)
  } else tried.push('ANVIL_PATH (not set)')

  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, exe)
    if (isExecutable(candidate)) return candidate
  }
  tried.push('anvil on PATH')

  const pkg = anvilPackageName()
  try {
    const manifest = createRequire(import.meta.url).resolve(`${pkg}/package.json`)
    const bin = join(manifest, '..', 'bin', exe)
    if (existsSync(bin) && isExecutable(bin)) return bin
    tried.push(`${pkg} (installed, but ${bin} is missing or not executable)`)
  } catch {
    tried.push(`the npm package ${pkg} (not installed)`)
  }
  throw notFound(tried)
}

/** A chain id anvil and wallets accept: a whole number from 1 to 2^53 − 1 (EIP-155 ids stay in JavaScript's safe range). */
export function checkChainId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidParameterError('chainId', `expected a whole number from 1 to ${Number.MAX_SAFE_INTEGER}, got ${typeof value === 'number' ? value : typeof value}`)
  }
  return value
}

/** Starts anvil on 127.0.0.1 and a free port (the OS picks) and resolves once it listens. */
export function launchAnvil(options: LaunchAnvilOptions = {}): Promise<AnvilProcess> {
  const bin = options.anvilPath ?? findAnvil()
  const chainId = options.chainId === undefined ? [] : ['--chain-id', String(checkChainId(options.chainId))]
  const args = ['--port', '0', '--host', '127.0.0.1', ...chainId, ...(options.args ?? [])]

  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    const exited = new Promise<void>((done) => child.once('exit', () => done()))
    // A parent that dies without stop() must not leave anvil behind.
    const killOnExit = () => child.kill('SIGKILL')
    process.once('exit', killOnExit)
    const fail = (error: Error) => {
      clearTimeout(timer)
      process.removeListener('exit', killOnExit)
      child.kill('SIGKILL')
      reject(error)
    }
    const timer = setTimeout(() => fail(new Error(`anvil did not start within 20 s:\n${out}`)), 20_000)
    child.once('error', (e) => fail(new Error(`could not run anvil at ${bin}: ${e.message}`)))
    child.once('exit', (code) => {
      if (!out.includes('Listening on')) fail(new Error(`anvil exited (code ${code}) before listening:\n${out}`))
    })
    child.stderr.on('data', (c: Buffer) => (out += c.toString()))
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /Listening on (\S+):(\d+)/.exec(out)
      if (!m) return
      clearTimeout(timer)
      child.stdout.removeAllListeners('data')
      child.stdout.resume()
      const port = Number(m[2])
      resolve({
        port,
        rpcUrl: `http://127.0.0.1:${port}`,
        stop: async () => {
          process.removeListener('exit', killOnExit)
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
          await exited
        },
      })
    })
  })
}
