import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// What loads on first use (a row's details chunk, the pending group) can take seconds to import on
// a loaded 2-core CI machine; findBy/waitFor poll until it is there, so a pass is no slower for it
// (15 s: a machine loaded beside the run took over 5 s to paint two stored rows).
configure({ asyncUtilTimeout: 15_000 })

afterEach(() => {
  cleanup()
})
