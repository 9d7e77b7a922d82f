// Lighthouse's mobile preset slows the CPU 4×, whatever the host: a fast host hides a slow phone.
// Lighthouse's throttling guide calibrates instead: it measures the host (benchmarkIndex, a small
// JavaScript benchmark it runs before each audit) and slows it by the host's index over the index
// of the device to model. The device modelled here is the one the product's goals are set for: a
// host of index 800 under the preset's 4×, that is a phone of index 200 (a mid-range Android).

/** The mobile preset's slowdown, and the host it assumes (together: the device modelled). */
export const PRESET_SLOWDOWN = 4
export const REFERENCE_HOST_INDEX = 800
export const DEVICE_INDEX = REFERENCE_HOST_INDEX / PRESET_SLOWDOWN

/** The CPU slowdown that makes a host of `hostIndex` run as the modelled device: never below 1
 * (a host slower than the device is not sped up), rounded to a tenth. */
export function calibratedSlowdown(hostIndex: number): number {
  if (!Number.isFinite(hostIndex) || hostIndex <= 0) return PRESET_SLOWDOWN
  return Math.max(1, Math.round((hostIndex / DEVICE_INDEX) * 10) / 10)
}

/** Lighthouse's saved artifacts of one run (gather mode, `artifacts.json`): the host's index it
 * measured before loading the page, and the settings its audit must be given again. */
export interface SavedRun {
  BenchmarkIndex: number
  settings: { throttling: { cpuSlowdownMultiplier: number } }
}

/** Calibrates a gathered run by the index measured in that very run: with simulated throttling the
 * page loads unslowed and the slowdown applies only when the run is audited, so every run models
 * the device exactly, however the machine's load moves between runs. Returns the slowdown set. */
export function calibrateSavedRun(run: SavedRun): number {
  const slowdown = calibratedSlowdown(run.BenchmarkIndex)
  run.settings.throttling.cpuSlowdownMultiplier = slowdown
  return slowdown
}
