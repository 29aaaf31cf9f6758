import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { existsSync } from 'node:fs'

export interface Anvil {
  rpcUrl: string
  port: number
  stop: () => Promise<void>
}

/** Where the anvil binary is: ANVIL_PATH, else the npm package's native binary. */
export function anvilPath(): string {
  if (process.env.ANVIL_PATH) return process.env.ANVIL_PATH
  const require = createRequire(import.meta.url)
  const pkg = require.resolve('@foundry-rs/anvil-linux-amd64/package.json')
  const bin = pkg.replace(/package\.json$/, 'bin/anvil')
  if (!existsSync(bin)) throw new Error(`anvil binary not found at ${bin}`)
  return bin
}

/** Starts a fresh anvil on a free port (port 0: the OS picks) and resolves once it listens. */
export function startAnvil(args: string[] = []): Promise<Anvil> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(anvilPath(), ['--port', '0', '--host', '127.0.0.1', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`anvil did not start in 15 s:\n${out}`))
    }, 15_000)
    child.on('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /Listening on 127\.0\.0\.1:(\d+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        child.stdout!.removeAllListeners('data')
        child.stdout!.resume()
        const port = Number(m[1])
        resolve({
          port,
          rpcUrl: `http://127.0.0.1:${port}`,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done()
              child.once('exit', () => done())
              child.kill('SIGTERM')
            }),
        })
      }
    })
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()))
  })
}
