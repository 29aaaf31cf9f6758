/**
 * The options factory's rule (inputs present, chain not blank) and the caller's `enabled`, which may
 * be a function of the query: the caller can hold a query back, never run one the factory holds.
 */
export function both<F>(own: boolean, theirs: boolean | F | undefined): boolean | F {
  return !own || theirs === undefined ? own : theirs
}
