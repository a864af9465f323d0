#!/usr/bin/env node
/**
 * `node scripts/lantern-lcp.mjs <artifacts dir> [--drop <regex>] [--all]`: how Lighthouse's simulated
 * LCP (Lantern, the figure `npm run bench:lighthouse` scores) is made, from the artifacts a bench run
 * saved with BENCH_ARTIFACTS=1 (bench-results/lighthouse[-tls]/<page>.artifacts/).
 *
 * Lantern rebuilds the page's load as a graph (requests and main-thread tasks, each after what started
 * it) and simulates it on a slow-4G phone: 150 ms round trips, ~1.6 Mbps shared by every request in
 * flight (the throughput is divided among them, also while they wait for their first byte), six
 * connections per origin over HTTP/1.1, tasks 4× slower. The LCP is when the last node of that graph
 * ends; the graph holds every request that *ended before the LCP observed in the trace* (with what
 * started it) and the layout and script-evaluation tasks before it. So a request that is not needed for
 * the largest paint still counts when it ends before that paint, and every request in flight beside the
 * entry chunk slows the entry chunk.
 *
 * Prints the simulated LCP (ms), then the graph's nodes sorted by their simulated end (start, end,
 * what, transfer bytes); `--all` prints the zero-byte ones too (cached). `--drop <regex>` first
 * removes the requests whose URL matches (as if they had not happened before the paint) and prints
 * the LCP that the rest simulates to: a what-if, not a measurement.
 */
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { initializeConfig } from 'lighthouse/core/config/config.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--drop');
if (!dir) {
  console.error('uso: node scripts/lantern-lcp.mjs <pasta de artefatos> [--drop <regex>] [--all]');
  process.exit(2);
}
const dropAt = args.indexOf('--drop');
const drop = dropAt >= 0 ? new RegExp(args[dropAt + 1]) : undefined;

const artifacts = await loadArtifacts(dir);
let devtoolsLog = artifacts.DevtoolsLog;
if (drop) {
  const ids = new Set(devtoolsLog.filter((m) => m.method === 'Network.requestWillBeSent' && drop.test(m.params.request.url)).map((m) => m.params.requestId));
  console.log(`--drop ${drop}: ${ids.size} pedido(s) removido(s)`);
  devtoolsLog = devtoolsLog.filter((m) => !ids.has(m.params?.requestId));
}
const { resolvedConfig } = await initializeConfig('navigation');
const settings = resolvedConfig.settings;
const data = {
  trace: artifacts.Trace,
  devtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings,
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps,
  HostDPR: artifacts.HostDPR,
  simulator: null,
};
const result = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings });
console.log(
  `LCP simulado: ${Math.round(result.timing)} ms (otimista ${Math.round(result.optimisticEstimate.timeInMs)}, pessimista ${Math.round(result.pessimisticEstimate.timeInMs)})`,
);
const rows = [...result.pessimisticEstimate.nodeTimings.entries()].map(([node, t]) => ({
  start: t.startTime,
  end: t.endTime,
  bytes: node.type === 'network' ? node.request.transferSize : undefined,
  what:
    node.type === 'network'
      ? node.request.url.replace(/^https?:\/\/[^/]+/, '')
      : `tarefa ${(node.duration / 1000).toFixed(1)} ms observados: ${[...new Set(node.childEvents.filter((e) => e.dur > 1000).map((e) => e.name))].slice(0, 4).join(', ')}`,
}));
rows.sort((a, b) => a.end - b.end);
for (const r of rows) {
  if (r.bytes === 0 && !args.includes('--all')) continue;
  console.log(
    `${String(Math.round(r.start)).padStart(6)} → ${String(Math.round(r.end)).padStart(6)} ms  ${r.what.slice(0, 100)}${r.bytes ? `  (${r.bytes} B)` : ''}`,
  );
}
