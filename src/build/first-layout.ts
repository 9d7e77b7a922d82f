// Where a page was first laid out, read from the trace Lighthouse gathers (unslowed, on the host).
//
// A page needs one full style and layout before its first paint. Chromium does it in the frame that
// paints, unless the load event comes first: then it lays the page out as the load event ends, in
// the task before the paint. Which comes first is a race on a fast local server (the stylesheet and
// the page script arrive with the HTML); on a phone's network the paint comes first.
// Lighthouse's simulation (Lantern) keeps the task that paints in the graph of the first
// contentful paint, but not a task before it, so a layout done at the load event is counted as
// blocking time after that paint, slowed by the CPU multiplier.

export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { frame?: string; data?: { frame?: string; documentLoaderURL?: string; isOutermostMainFrame?: boolean }; beginData?: { frame?: string } }
}

export interface FirstLayout {
  /** `paint`: in the task of the frame that first painted the page; `before-paint`: in a task before
   * it (the load event's, or a layout on its own). */
  at: 'paint' | 'before-paint'
  /** Style and layout in that task (ms on the host, unslowed). */
  hostMs: number
}

const frameOf = (event: TraceEvent) => event.args?.data?.frame ?? event.args?.beginData?.frame ?? event.args?.frame

/** Where the page loaded from `url` was first laid out in full: the task, from the start of its
 * parsing to its first paint, with the most style and layout. Undefined when the trace does not say
 * (no navigation to it, no parsing or no paint recorded). */
export function firstLayout(events: TraceEvent[], url: string): FirstLayout | undefined {
  const navigations = events.filter((event) => event.name === 'navigationStart').sort((a, b) => a.ts - b.ts)
  const main = navigations.filter((event) => event.args?.data?.isOutermostMainFrame)
  const start =
    main.find((event) => event.args?.data?.documentLoaderURL === url) ??
    main.find((event) => event.args?.data?.documentLoaderURL?.split('?')[0] === url.split('?')[0])
  if (!start) return undefined
  const frame = start.args?.frame
  const thread = events.filter((event) => event.pid === start.pid && event.tid === start.tid && event.ts >= start.ts).sort((a, b) => a.ts - b.ts)
  const parse = thread.find((event) => event.name === 'ParseHTML' && frameOf(event) === frame)
  const paint = thread.find((event) => event.name === 'Paint' && frameOf(event) === frame)
  if (!parse || !paint) return undefined
  const tasks = thread.filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.ts + (event.dur ?? 0) >= parse.ts && event.ts <= paint.ts)
  const styleAndLayout = (task: TraceEvent) =>
    thread
      .filter((event) => (event.name === 'Layout' || event.name === 'UpdateLayoutTree') && frameOf(event) === frame && event.ts >= task.ts && event.ts <= task.ts + (task.dur ?? 0))
      .reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000
  let heaviest: { task: TraceEvent; ms: number } | undefined
  for (const task of tasks) {
    const ms = styleAndLayout(task)
    if (!heaviest || ms > heaviest.ms) heaviest = { task, ms }
  }
  if (!heaviest) return undefined
  const { task, ms } = heaviest
  const paints = task.ts <= paint.ts && paint.ts <= task.ts + (task.dur ?? 0)
  return { at: paints ? 'paint' : 'before-paint', hostMs: Math.round(ms * 10) / 10 }
}
