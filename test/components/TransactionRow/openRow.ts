import { within } from '@testing-library/react'

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

