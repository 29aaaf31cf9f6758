import { within } from '@testing-library/react'

// The details chunk is imported here, once per test file, before any test runs: under a full run on
// two cores, transforming its module graph on first use can take over 5 s (a test-runner cost a user
// never pays twice), longer than a test waits for its first open. The rows still load it lazily;
// the test waits for what a user sees, the panel.
await import('../../../src/components/shared/detailsChunk.js')

/**
 * A row's details load when it is first opened (their own chunk): wait for the panel of the row
 * `article` (or the only row on the page) to be there, and return the details element.
 */
export async function openedDetails(article?: Element): Promise<HTMLElement> {
  const row = article ?? document.querySelector('article.bf-tx')!
  const details = row.querySelector<HTMLElement>('.bf-tx__details')!
  await within(details).findByRole('list', { name: 'Transfers' }, { timeout: 5_000 })
  return details
}

