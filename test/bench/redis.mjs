// A throwaway redis-server for the benches (test/support/redis.ts's way): 127.0.0.1, a free port, nothing on disk.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

export async function freePort() {
  const s = createServer()
  await new Promise((r) => s.listen(0, '127.0.0.1', r))
  const { port } = s.address()
  await new Promise((r) => s.close(r))
  return port
}

export async function startRedis() {
  const port = await freePort()
  const proc = spawn(process.env.REDIS_SERVER ?? 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] })
  await new Promise((resolve, reject) => {
    let out = ''
    proc.once('error', reject)
    proc.once('exit', () => reject(new Error('redis-server exited')))
    proc.stdout.on('data', (d) => (out += d) && out.includes('Ready to accept connections') && resolve())
  })
  return { url: `redis://127.0.0.1:${port}`, stop: () => new Promise((r) => (proc.once('exit', r), proc.kill('SIGTERM'))) }
}
