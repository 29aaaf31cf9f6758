import { spawn, type ChildProcess } from 'node:child_process'
import { freePort } from './ports.js'

export interface RedisServer {
  port: number
  url: string
  /** Kills the server at once (SIGKILL): what an outage looks like to the proxy. */
  kill(): Promise<void>
  stop(): Promise<void>
}

/**
 * A throwaway Debian `redis-server` on 127.0.0.1 and a free port, with nothing written to disk
 * (`--save '' --appendonly no`). `.ci/run` installs the package; REDIS_SERVER overrides the path.
 */
export async function startRedis(): Promise<RedisServer> {
  const bin = process.env.REDIS_SERVER ?? 'redis-server'
  for (let attempt = 0; ; attempt++) {
    const port = await freePort()
    const child: ChildProcess = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], { stdio: ['ignore', 'pipe', 'pipe'] })
    const ready = await new Promise<boolean>((resolve, reject) => {
      let out = ''
      child.once('error', (e) => reject(new Error(`could not start ${bin}: ${e.message} (apt-get install redis-server)`)))
      child.stdout!.on('data', (d) => {
        out += String(d)
        if (out.includes('Ready to accept connections')) resolve(true)
      })
      child.once('exit', () => resolve(false))
    })
    if (!ready) {
      // Another process took the port between the probe and the start: try another.
      if (attempt < 3) continue
      throw new Error('redis-server did not start')
    }
    const exited = new Promise<void>((r) => child.once('exit', () => r()))
    const end = async (signal: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    }
    return { port, url: `redis://127.0.0.1:${port}`, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') }
  }
}
