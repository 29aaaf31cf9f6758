import type { Tools } from './exchange.js'
import { nodeTransport } from './nodeTransport.js'
import { mayHoldSecret, redactPieces } from './redactBytes.js'

// toNodeHandler's own route to createProxyHandler's routing: node:http in (nodeIncoming.ts), node:http
// upstream (nodeTransport.ts), the key looked for in the bytes (redactBytes.ts), so that no 290 kB
// page is decoded to text on its way through.

/**
 * node:http tools: one keep-alive pool per adapter, redaction on the bytes. A body that cannot hold the
 * key goes on as the bytes that came (not checked for UTF-8, not copied); one that could is redacted.
 */
export function nodeTools(): Tools {
  return { transport: nodeTransport(), redact: (body, secrets) => (mayHoldSecret(body, secrets) ? redactPieces(body, secrets) : body) }
}
