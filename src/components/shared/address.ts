import { getAddress, isAddress } from 'viem'
import { cleanText, clipText } from './text.js'

/**
 * An address for display: a valid one checksummed, with its short form `0x12ab…cd34`; other
 * text cleaned and clipped (it still shows, but links nowhere and is never copied).
 */
export function displayAddress(address: string): { valid: boolean; text: string; short: string } {
  if (isAddress(address, { strict: false })) {
    const text = getAddress(address)
    return { valid: true, text, short: `${text.slice(0, 6)}…${text.slice(-4)}` }
  }
  const text = cleanText(address) ?? ''
  return { valid: false, text, short: clipText(text, 14).shown }
}
