import type { BlockfeedClient, HeadStreamConfig } from '../clientTypes.js'

// The head stream given to `createClient({ head })`, kept beside the client rather than on it: the
// client's face is its transport (the type test holds it to its methods), and only the head poller
// reads this. A module of its own, so that the client does not bundle the stream reader.

const streams = new WeakMap<BlockfeedClient, HeadStreamConfig>()

export function keepHeadStream(client: BlockfeedClient, stream: HeadStreamConfig): void {
  streams.set(client, stream)
}

/** The head stream the client was made with, if any. */
export function headStreamOf(client: BlockfeedClient): HeadStreamConfig | undefined {
  return streams.get(client)
}
