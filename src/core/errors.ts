/**
 * Every error class blockfeed throws. Each has a stable `name` to switch on, a short
 * message a person can act on, and the details as fields. An abort is never wrapped:
 * it stays the caller's `AbortError`.
 */

export { BlockfeedError, isAbortError, isBlockfeedError, type BlockfeedErrorName } from './errors/base.js'
export { InvalidParameterError } from './errors/parameter.js'
export { HttpStatusError, NetworkError, TimeoutError } from './errors/http.js'
export { JsonRpcError } from './errors/jsonRpc.js'
export { ResponseShapeError, formatPath } from './errors/shape.js'

// Callers clean an error's message or body where they build it: the one rule, offered beside the classes.
export { redact } from './redact.js'
