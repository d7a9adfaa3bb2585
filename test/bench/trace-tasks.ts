// A Chrome trace read for its long tasks: the tasks of a page's main thread over 50 ms, the trace
// events inside each (what kind of work: a timer, a message, a frame, a parse, a GC) and the
// functions the V8 sampling profiler caught while it ran (self and total time).
import type { Page } from '@playwright/test';

export type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (the wall time is dur). */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: Record<string, unknown> & {
      url?: string;
      functionName?: string;
      type?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    beginData?: { url?: string };
  };
};

type ProfileNode = {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
};

export type LongTask = {
  startMs: number;
  durationMs: number;
  /** The timeline events inside it of 2 ms or more, outermost first, with their depth. */
  events: { depth: number; label: string; durationMs: number }[];
  /** Functions by time spent in themselves (leaf of the sampled stack), longest first. */
  selfTime: { label: string; ms: number }[];
  /** Functions by time with them on the stack, longest first. */
  totalTime: { label: string; ms: number }[];
};

const LONG_TASK_US = 50_000;

const fileOf = (url: string | undefined) => (url ? (url.split('/').pop() ?? url) : '');

function eventLabel(event: TraceEvent): string {
  const data = event.args?.data;
  const detail = [
    data?.type,
    data?.functionName,
    fileOf(data?.url ?? event.args?.beginData?.url),
  ].filter((part) => typeof part === 'string' && part !== '');
  return detail.length > 0 ? `${event.name} (${detail.join(' ')})` : event.name;
}

const frameLabel = ({ callFrame }: ProfileNode) =>
  callFrame.url
    ? `${callFrame.functionName || '(anonymous)'} ${fileOf(callFrame.url)}:${callFrame.lineNumber + 1}`
    : callFrame.functionName;

/** The main threads (CrRendererMain) of the renderers that ran `pageUrl`'s origin. */
function pageMainThreads(events: TraceEvent[], pageUrl: string): Set<string> {
  const origin = new URL(pageUrl).origin;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const ofPage = new Set<string>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (!mains.has(key) || ofPage.has(key)) continue;
    const url = event.args?.data?.url ?? event.args?.beginData?.url;
    if (typeof url === 'string' && url.startsWith(origin)) ofPage.add(key);
  }
  // A trace taken after the page loaded may name no address: its renderer is then the only one.
  return ofPage.size > 0 ? ofPage : mains;
}

/** Every sample of the profiles taken on `threads`: when, and its stack (leaf first). */
function samplesOf(events: TraceEvent[], threads: Set<string>) {
  const profiles = new Map<
    string,
    { start: number; thread: string; nodes: Map<number, ProfileNode> }
  >();
  for (const event of events) {
    if (event.name === 'Profile' && event.id !== undefined) {
      profiles.set(`${event.pid}:${event.id}`, {
        start: event.args?.data?.startTime ?? event.ts,
        thread: `${event.pid}:${event.tid}`,
        nodes: new Map(),
      });
    }
  }
  const samples: { ts: number; weight: number; stack: ProfileNode[]; thread: string }[] = [];
  const clock = new Map<string, number>();
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.id === undefined) continue;
    const key = `${event.pid}:${event.id}`;
    const profile = profiles.get(key);
    if (!profile) continue;
    const { cpuProfile, timeDeltas = [] } = event.args?.data ?? {};
    for (const node of cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    let ts = clock.get(key) ?? profile.start;
    (cpuProfile?.samples ?? []).forEach((id, at) => {
      const delta = timeDeltas[at] ?? 0;
      ts += delta;
      const stack: ProfileNode[] = [];
      for (let node = profile.nodes.get(id); node; ) {
        stack.push(node);
        node = node.parent === undefined ? undefined : profile.nodes.get(node.parent);
      }
      samples.push({ ts, weight: delta, stack, thread: profile.thread });
    });
    clock.set(key, ts);
  }
  // A profile's thread is the profiled one; when none matches, the page's process is kept.
  const pids = new Set([...threads].map((thread) => thread.split(':')[0]));
  const onThread = samples.filter((sample) => threads.has(sample.thread));
  return onThread.length > 0
    ? onThread
    : samples.filter((sample) => pids.has(sample.thread.split(':')[0]));
}

const top = (times: Map<string, number>, count: number) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([label, us]) => ({ label, ms: us / 1000 }));

/**
 * The page's long tasks, in the order they ran: over 50 ms, or `overMs`; each with its `functions`
 * longest functions by self time (and half as many again by total time).
 */
export function longTasks(
  events: TraceEvent[],
  pageUrl: string,
  { overMs = LONG_TASK_US / 1000, functions = 8 }: { overMs?: number; functions?: number } = {},
): LongTask[] {
  const threads = pageMainThreads(events, pageUrl);
  const onMain = events.filter(
    (event) => event.ph === 'X' && threads.has(`${event.pid}:${event.tid}`),
  );
  const toplevel = onMain
    .filter(
      (event) => event.cat.split(',').includes('toplevel') && (event.dur ?? 0) >= overMs * 1000,
    )
    .sort((a, b) => a.ts - b.ts);
  // Toplevel tasks nest (a task run inside another's message loop): keep the outermost.
  const tasks = toplevel.filter(
    (task) =>
      !toplevel.some(
        (outer) =>
          outer !== task &&
          outer.ts <= task.ts &&
          outer.ts + (outer.dur ?? 0) >= task.ts + (task.dur ?? 0) &&
          (outer.dur ?? 0) > (task.dur ?? 0),
      ),
  );
  const samples = samplesOf(events, threads);
  const firstTs = events.reduce((first, e) => (e.ts > 0 && e.ts < first ? e.ts : first), Infinity);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain
      .filter(
        (event) =>
          event !== task &&
          !event.cat.split(',').includes('toplevel') &&
          event.ts >= task.ts &&
          event.ts + (event.dur ?? 0) <= end &&
          (event.dur ?? 0) >= 2_000,
      )
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const open: TraceEvent[] = [];
    const described = inside.map((event) => {
      while (open.length > 0) {
        const last = open.at(-1) as TraceEvent;
        if (last.ts + (last.dur ?? 0) > event.ts) break;
        open.pop();
      }
      open.push(event);
      return {
        depth: open.length - 1,
        label: eventLabel(event),
        durationMs: (event.dur ?? 0) / 1000,
      };
    });
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const [leaf] = sample.stack;
      if (leaf) self.set(frameLabel(leaf), (self.get(frameLabel(leaf)) ?? 0) + sample.weight);
      for (const label of new Set(sample.stack.map(frameLabel))) {
        if (label === '(root)') continue;
        total.set(label, (total.get(label) ?? 0) + sample.weight);
      }
    }
    return {
      startMs: (task.ts - firstTs) / 1000,
      durationMs: (task.dur ?? 0) / 1000,
      events: described,
      selfTime: top(self, functions),
      totalTime: top(total, Math.round(functions * 1.5)),
    };
  });
}

export function taskText(task: LongTask): string {
  const lines = [
    `- ${task.durationMs.toFixed(1)} ms at ${task.startMs.toFixed(0)} ms of the trace`,
  ];
  for (const event of task.events.slice(0, 14)) {
    lines.push(`    ${'  '.repeat(event.depth)}${event.label}: ${event.durationMs.toFixed(1)} ms`);
  }
  if (task.events.length > 14) lines.push(`    … ${task.events.length - 14} more events`);
  const list = (items: { label: string; ms: number }[]) =>
    items.map((item) => `${item.label} ${item.ms.toFixed(1)}`).join('; ');
  if (task.selfTime.length > 0) lines.push(`    self (ms): ${list(task.selfTime)}`);
  if (task.totalTime.length > 0) lines.push(`    total (ms): ${list(task.totalTime)}`);
  return lines.join('\n');
}

/** Traces what `action` makes the browser do (these trace categories), from a session on `page`. */
export async function tracedWhile(
  page: Page,
  categories: readonly string[],
  action: () => Promise<void>,
): Promise<TraceEvent[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: [...categories], excludedCategories: ['*'] },
  });
  await action();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return events;
}

/**
 * All the page's main-thread work in a trace, not only its long tasks: the tasks' count, wall and
 * CPU time, the longest, the time by kind of timeline event (scripts, style, layout, paint, GC)
 * and the functions the CPU samples fell in, summed over the whole trace.
 */
export function mainThreadSummary(events: TraceEvent[], pageUrl: string, functions = 16): string {
  const threads = pageMainThreads(events, pageUrl);
  const onMain = events.filter(
    (event) => event.ph === 'X' && threads.has(`${event.pid}:${event.tid}`),
  );
  const tasks = onMain.filter((event) => event.cat.split(',').includes('toplevel'));
  const ms = (us: number) => (us / 1000).toFixed(1);
  const wall = tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0);
  const cpu = tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0);
  const durations = tasks.map((task) => task.dur ?? 0).sort((a, b) => b - a);
  const byKind = new Map<string, number>();
  for (const event of onMain) {
    if (event.cat.split(',').includes('toplevel')) continue;
    if (
      !/^(FunctionCall|EvaluateScript|v8\.|MinorGC|MajorGC|V8\.GC|UpdateLayoutTree|Layout|Paint|PrePaint|Layerize|Commit|HitTest|ParseHTML|EventDispatch|TimerFire|FireAnimationFrame|RunMicrotasks)/.test(
        event.name,
      )
    )
      continue;
    byKind.set(event.name, (byKind.get(event.name) ?? 0) + (event.dur ?? 0));
  }
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const sample of samplesOf(events, threads)) {
    const [leaf] = sample.stack;
    if (leaf) self.set(frameLabel(leaf), (self.get(frameLabel(leaf)) ?? 0) + sample.weight);
    for (const label of new Set(sample.stack.map(frameLabel))) {
      if (label === '(root)' || label === '(idle)' || label === '(program)') continue;
      total.set(label, (total.get(label) ?? 0) + sample.weight);
    }
  }
  const list = (items: { label: string; ms: number }[]) =>
    items.map((item) => `${item.label} ${item.ms.toFixed(1)}`).join('; ');
  return [
    `  all main-thread tasks: ${tasks.length}, ${ms(wall)} ms wall, ${ms(cpu)} ms CPU; over 16 ms: ${durations.filter((d) => d > 16_000).length}; longest: ${durations.slice(0, 5).map(ms).join(', ')} ms`,
    `  by kind (ms, nested kinds counted in each): ${[...byKind]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([name, us]) => `${name} ${ms(us)}`)
      .join('; ')}`,
    `  self (ms): ${list(top(self, functions).filter((f) => f.label !== '(idle)'))}`,
    `  total (ms): ${list(top(total, functions))}`,
  ].join('\n');
}

const KINDS =
  /^(FunctionCall|EvaluateScript|EventDispatch|MinorGC|MajorGC|V8\.GC_MC_INCREMENTAL|UpdateLayoutTree|Layout|Paint|PrePaint|Layerize|Commit|HitTest|FireAnimationFrame|RunMicrotasks|TimerFire|FireIdleCallback|IntersectionObserverController::computeIntersections|UpdateLayer|ScrollLayer)$/;

/**
 * The work each key typed made on the page's main thread: from each keydown, for `windowMs` or
 * until the next keydown, the tasks' CPU time (median and each), and the functions the CPU samples
 * fell in, summed over all the keys (self and total time, per key on average).
 */
export function perKeystroke(
  events: TraceEvent[],
  pageUrl: string,
  { windowMs = 250, functions = 24 }: { windowMs?: number; functions?: number } = {},
): string {
  const threads = pageMainThreads(events, pageUrl);
  const onMain = events.filter(
    (event) => event.ph === 'X' && threads.has(`${event.pid}:${event.tid}`),
  );
  const keydowns = onMain
    .filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown')
    .map((event) => event.ts)
    .sort((a, b) => a - b);
  const windows = keydowns.map((start, at) => ({
    start,
    end: Math.min(start + windowMs * 1000, keydowns[at + 1] ?? Infinity),
  }));
  const tasks = onMain.filter((event) => event.cat.split(',').includes('toplevel'));
  const cpu = windows.map(({ start, end }) =>
    tasks
      .filter((task) => task.ts >= start && task.ts < end)
      .reduce((sum, task) => sum + (task.tdur ?? task.dur ?? 0), 0),
  );
  // Each kind of work at its outermost (a layout inside a script's forced layout counts once).
  const kinds = new Map<string, number>();
  const kindEvents = onMain
    .filter((event) => !event.cat.split(',').includes('toplevel') && KINDS.test(event.name))
    .sort((a, b) => a.ts - b.ts);
  let coveredUntil = 0;
  for (const event of kindEvents) {
    if (event.ts < coveredUntil) continue;
    if (!windows.some(({ start, end }) => event.ts >= start && event.ts < end)) continue;
    coveredUntil = event.ts + (event.dur ?? 0);
    const kind =
      event.name === 'EventDispatch' ? `EventDispatch ${event.args?.data?.type}` : event.name;
    kinds.set(kind, (kinds.get(kind) ?? 0) + (event.tdur ?? event.dur ?? 0));
  }
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const inWindow = (ts: number) => windows.some(({ start, end }) => ts >= start && ts < end);
  for (const sample of samplesOf(events, threads)) {
    if (!inWindow(sample.ts)) continue;
    const [leaf] = sample.stack;
    const label = leaf ? frameLabel(leaf) : '';
    if (label === '(idle)') continue;
    if (leaf) self.set(label, (self.get(label) ?? 0) + sample.weight);
    for (const frame of new Set(sample.stack.map(frameLabel))) {
      if (frame === '(root)' || frame === '(program)') continue;
      total.set(frame, (total.get(frame) ?? 0) + sample.weight);
    }
  }
  const keys = Math.max(1, windows.length);
  const perKey = (times: Map<string, number>) =>
    top(times, functions)
      .map((item) => `${item.label} ${(item.ms / keys).toFixed(2)}`)
      .join('; ');
  const sorted = [...cpu].sort((a, b) => a - b);
  const ms = (us: number) => (us / 1000).toFixed(1);
  return [
    `  per key (${windows.length} keys, ${windowMs} ms after each keydown): main-thread CPU median ${ms(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, p95 ${ms(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0)} ms, sum ${ms(cpu.reduce((a, b) => a + b, 0))} ms`,
    `  each key's CPU (ms): ${cpu.map(ms).join(' ')}`,
    `  CPU by kind per key (ms, outermost): ${perKey(kinds)}`,
    `  self per key (ms): ${perKey(self)}`,
    `  total per key (ms): ${perKey(total)}`,
  ].join('\n');
}
