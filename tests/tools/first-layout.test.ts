import { describe, expect, it } from 'vitest'
import { firstLayout, type TraceEvent } from '../../src/build/first-layout'

// A trace as Chromium records a page load (times in µs): the initial empty document's small layout
// before the parse, the parse, then the page's full style and layout either in the frame that
// paints it or at the load event before that frame.
const url = 'http://localhost:4173/login'
const frame = 'F1'
const on = { pid: 7, tid: 7 }
const task = (ts: number, dur: number): TraceEvent => ({ name: 'RunTask', ph: 'X', ts, dur, ...on })
const work = (name: string, ts: number, dur: number, at = frame): TraceEvent => ({ name, ph: 'X', ts, dur, ...on, args: { beginData: { frame: at } } })
const mark = (name: string, ts: number): TraceEvent => ({ name, ph: 'I', ts, ...on, args: { data: { frame } } })
const paint = (ts: number): TraceEvent => ({ name: 'Paint', ph: 'X', ts, dur: 1_000, ...on, args: { data: { frame } } })

const start: TraceEvent[] = [
  { name: 'navigationStart', ph: 'R', ts: 0, ...on, args: { frame, data: { documentLoaderURL: url, isOutermostMainFrame: true } } },
  task(1_000, 600),
  work('Layout', 1_100, 300),
  task(2_000, 2_000),
  work('ParseHTML', 2_100, 1_800),
]

describe('where a page was first laid out', () => {
  it('in the frame that painted it, when the paint came before the load event', () => {
    const events = [...start, task(10_000, 20_000), work('UpdateLayoutTree', 10_100, 4_000), work('Layout', 14_200, 11_000), paint(26_000), task(31_000, 500), mark('MarkLoad', 31_100)]
    expect(firstLayout(events, url)).toEqual({ at: 'paint', hostMs: 15 })
  })

  it('in the load event’s task, when the load event came before the first paint', () => {
    const events = [
      ...start,
      task(10_000, 18_000),
      mark('MarkDOMContent', 10_050),
      work('UpdateLayoutTree', 10_100, 5_000),
      work('Layout', 15_200, 12_000),
      mark('MarkLoad', 27_500),
      task(30_000, 6_000),
      work('Layout', 30_100, 2_000),
      paint(33_000),
    ]
    expect(firstLayout(events, url)).toEqual({ at: 'before-paint', hostMs: 17 })
  })

  it('counts only the page’s own frame, and finds the page by its address without the query', () => {
    const events = [
      ...start.map((event) =>
        event.name === 'navigationStart' ? { ...event, args: { frame, data: { documentLoaderURL: `${url}?next=%2Fapp`, isOutermostMainFrame: true } } } : event,
      ),
      task(10_000, 30_000),
      work('Layout', 10_100, 25_000, 'an-iframe'),
      work('Layout', 35_200, 2_000),
      paint(38_000),
    ]
    expect(firstLayout(events, url)).toEqual({ at: 'paint', hostMs: 2 })
  })

  it('says nothing of a trace without the page, its parse or its paint', () => {
    expect(firstLayout(start, 'http://localhost:4173/other')).toBeUndefined()
    expect(firstLayout(start, url)).toBeUndefined()
    expect(firstLayout(start.slice(0, 3), url)).toBeUndefined()
  })
})
