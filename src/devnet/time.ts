/**
 * ISO 8601 UTC text of a block's unix seconds, the way the spec writes `block_timestamp`.
 * A chain allows any uint64 (anvil's evm_setNextBlockTimestamp does), far past what `Date`
 * can show (year 275760), so beyond it the civil date is worked out in BigInt (Howard
 * Hinnant's civil_from_days) and written with the expanded year form, `+YYYYYY-…`.
 */
export function isoTimestamp(seconds: bigint): string {
  return seconds <= 8_640_000_000_000n ? new Date(Number(seconds) * 1000).toISOString() : civilIso(seconds)
}

/** The BigInt path on its own (exported so a test can hold it against `Date` where both work). */
export function civilIso(seconds: bigint): string {
  const days = seconds / 86_400n
  const rest = seconds % 86_400n
  const z = days + 719_468n
  const era = z / 146_097n
  const doe = z - era * 146_097n
  const yoe = (doe - doe / 1_460n + doe / 36_524n - doe / 146_096n) / 365n
  const doy = doe - (365n * yoe + yoe / 4n - yoe / 100n)
  const mp = (5n * doy + 2n) / 153n
  const day = doy - (153n * mp + 2n) / 5n + 1n
  const month = mp < 10n ? mp + 3n : mp - 9n
  const year = yoe + era * 400n + (month <= 2n ? 1n : 0n)
  const two = (n: bigint) => String(n).padStart(2, '0')
  return `+${String(year).padStart(6, '0')}-${two(month)}-${two(day)}T${two(rest / 3600n)}:${two((rest / 60n) % 60n)}:${two(rest % 60n)}.000Z`
}
