import { describe, expect, it } from 'vitest'
import { calibratedFor, calibratedSlowdown, DEVICE_INDEX } from '../../src/build/cpu-calibration'

describe('the benchmark’s CPU calibration', () => {
  it('models one device on every host: the preset’s 4× on a host of index 800, more on a faster one', () => {
    expect(DEVICE_INDEX).toBe(200)
    expect(calibratedSlowdown(800)).toBe(4)
    expect(calibratedSlowdown(2500)).toBe(12.5)
    expect(calibratedSlowdown(663)).toBe(3.3)
    // A host slower than the device is not sped up.
    expect(calibratedSlowdown(150)).toBe(1)
    // No measure yet: the preset.
    expect(calibratedSlowdown(Number.NaN)).toBe(4)
  })

  it('calibrates again when the host’s index moved by more than a quarter', () => {
    expect(calibratedFor(1000, 1200)).toBe(true)
    expect(calibratedFor(1000, 1300)).toBe(false)
    expect(calibratedFor(Number.NaN, 900)).toBe(false)
  })
})
