import { getAddress, isAddress } from 'viem'
import { cleanText } from './text.js'

/** `0x12ab…cd34` from a checksummed address. */
export function shortenAddress(checksummed: string): string {
  return checksummed.length > 14 ? `${checksummed.slice(0, 6)}…${checksummed.slice(-4)}` : checksummed
}

/** The checksummed form of a valid address; other text comes back cleaned (it still shows, but links nowhere). */
export function checksumAddress(address: string): { valid: boolean; text: string } {
  if (isAddress(address, { strict: false })) return { valid: true, text: getAddress(address) }
  return { valid: false, text: cleanText(address) ?? '' }
}
