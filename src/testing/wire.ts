/** Fixture values as the service writes them on the wire, bare big numbers included. */

/** A number the service sends bare (not as text) even though it exceeds 2^53. */
export class RawNumber {
  constructor(readonly digits: string) {}
  toJSON(): string {
    return `${RAW_MARK}${this.digits}`
  }
}
const RAW_MARK = '\u0000raw-number:'

/** JSON text of a fixture value, with `RawNumber`s written as bare JSON numbers. */
export function toWireJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0000raw-number:(\d+)"/g, '$1')
}

export type RawEntry = Record<string, unknown> & { hash: string }
