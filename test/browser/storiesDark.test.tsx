/**
 * Every state story of the presentational components, in the dark theme, through axe (colour
 * contrast included). The Storybook project runs each story once, in its own theme (light unless it
 * says dark); this runs them again in the other one. TransactionDetails, the pending group and the
 * toolbar are checked alone in both themes by standalone.test.tsx and toolbar.test.tsx.
 */
import { composeStories } from '@storybook/react-vite'
import axe from 'axe-core'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it } from 'vitest'
import * as addressStories from '../../stories/components/Address.stories.js'
import * as chainBadgeStories from '../../stories/components/ChainBadge.stories.js'
import * as erc20Stories from '../../stories/components/Erc20TransferRow.stories.js'
import * as internalStories from '../../stories/components/InternalTransactionRow.stories.js'
import * as nativeStories from '../../stories/components/NativeTransferRow.stories.js'
import * as nftStories from '../../stories/components/NftTransferRow.stories.js'
import * as amountStories from '../../stories/components/TokenAmount.stories.js'
import * as listStories from '../../stories/components/TransactionList.stories.js'
import * as rowStories from '../../stories/components/TransactionRow.stories.js'
import * as badgeStories from '../../stories/components/TransferBadge.stories.js'

import.meta.glob('../../src/components/**/*.css', { eager: true })

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const files = {
  TransactionRow: rowStories,
  TransactionList: listStories,
  ChainBadge: chainBadgeStories,
  Address: addressStories,
  TokenAmount: amountStories,
  TransferBadge: badgeStories,
  NativeTransferRow: nativeStories,
  Erc20TransferRow: erc20Stories,
  NftTransferRow: nftStories,
  InternalTransactionRow: internalStories,
}

describe('Component stories in the dark theme: axe finds nothing', () => {
  for (const [component, module] of Object.entries(files)) {
    it(component, async () => {
      document.documentElement.setAttribute('data-theme', 'dark')
      const failures: string[] = []
      const stories = Object.entries(composeStories(module as never) as Record<string, { (): React.ReactElement; load: () => Promise<void> }>)
      let drawn = 0
      try {
        for (const [name, Story] of stories) {
          const host = document.createElement('div')
          // The page behind the components, as the Storybook canvas paints it in the dark theme.
          host.style.cssText = 'width:720px;background:#000;color:#f3f4f6'
          document.body.append(host)
          const root = createRoot(host)
          await Story.load()
          await act(async () => root.render(<Story />))
          if (host.querySelector('[class^="bf-"], [class*=" bf-"]')) drawn++
          const result = await axe.run(host)
          failures.push(...result.violations.flatMap((v) => v.nodes.map((n) => `${name}: ${v.id} ${n.target.join(' ')}`)))
          act(() => root.unmount())
          host.remove()
        }
      } finally {
        document.documentElement.removeAttribute('data-theme')
      }
      // Every story drew the component (a story that renders nothing would pass axe unseen).
      expect(drawn).toBe(stories.length)
      expect(failures).toEqual([])
    })
  }
})
