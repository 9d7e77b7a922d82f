import { describe, expect, it } from 'vitest'
import { calibrateSavedRun, calibratedSlowdown, DEVICE_INDEX } from '../../src/build/cpu-calibration'

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

  it('slows each gathered run by the index that run measured', () => {
    const run = { BenchmarkIndex: 2220, settings: { throttling: { cpuSlowdownMultiplier: 4 } } }
    expect(calibrateSavedRun(run)).toBe(11.1)
    expect(run.settings.throttling.cpuSlowdownMultiplier).toBe(11.1)
  })
})
