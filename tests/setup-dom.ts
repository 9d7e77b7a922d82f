import '@testing-library/jest-dom/vitest'
import './setup-validators'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { toaster } from '../src/components/toaster/toaster'

afterEach(() => {
  cleanup()
  // The app's toaster lives as long as the page: each test starts with none.
  toaster.reset()
})
