/**
 * Whether a primary name can be shown as a name: a reverse record is set by whoever holds the
 * address, and a forward-verified name can still be one made to look like another. No normalized
 * ENS name (ENSIP-15) holds what is refused here, so only impostors are left out:
 * - characters that hide or reorder text (bidi controls, zero-width characters, variation
 *   selectors, controls, spaces): "vit\u200Balik.eth" would show as "vitalik.eth" once cleaned;
 *   a zero-width joiner inside an emoji sequence is the one exception;
 * - capitals or text not in NFC ("Vitalik.eth" is another name than "vitalik.eth");
 * - a label mixing Latin, Greek and Cyrillic letters ("vitalіk.eth" with a Cyrillic "і");
 * - empty labels.
 * What is left can still be a whole-script look-alike, so the address is always shown beside it.
 */
export function isDisplaySafeName(name: unknown): name is string {
  if (typeof name !== 'string' || name === '' || name.length > 255) return false
  if (name !== name.toLowerCase() || name !== name.normalize('NFC')) return false
  if (HIDDEN.test(name.replace(EMOJI_JOINER, ''))) return false
  return name.split('.').every((label) => label !== '' && SCRIPTS.filter((s) => s.test(label)).length <= 1)
}

const HIDDEN = /[\p{Cc}\p{Cf}\p{Z}\p{Variation_Selector}\u115F\u1160\u3164\uFFA0]/u
const EMOJI_JOINER = /(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}])\u200D(?=\p{Extended_Pictographic})/gu
const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u]
