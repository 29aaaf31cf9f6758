import type {
  HttpStatusError,
  InvalidParameterError,
  JsonRpcError,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
} from '../errors.js'

/**
 * The error a blockfeed query or mutation ends in: one of the six classes, so
 * `switch (error.name)` narrows to the class and its fields (`status`, `code`, `parameter`…).
 */
export type BlockfeedQueryError =
  | InvalidParameterError
  | HttpStatusError
  | ResponseShapeError
  | JsonRpcError
  | TimeoutError
  | NetworkError
