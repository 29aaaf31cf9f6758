import { createServer } from 'node:net'

/** A port free on 127.0.0.1 right now (for servers that must be told a port, like redis-server or next start). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  await new Promise((r) => server.close(r))
  return port
}
