// `npm run bench`: every performance figure the project claims, measured on this machine, printed
// as tables and written to bench/results.json (ignored by git), each compared with its budget.
// Figures are medians of several runs; sizes are gzipped at level 9.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../lib/pipeline.ts';
import { BENCH_ROUTES, measureClickToPaint, measurePageWeights, type PageWeight } from './browser-figures.ts';
import { buildSeries, corpusSeries, type BuildSeries } from './build-figures.ts';
import { measureSaveToReload } from './dev-reload.ts';
import { runLighthouse, type LighthouseFigures } from './lighthouse.ts';
import { startPreview } from './preview.ts';
import { builtSiteSearch } from './search-figures.ts';

const root = join(import.meta.dirname, '..');
const KB = 1024;
const MB = 1024 * 1024;

interface Budget {
  name: string;
  /** What was measured, in the budget's unit. */
  value: number;
  limit: number;
  unit: string;
}

const budgets: Budget[] = [];
const check = (name: string, value: number, limit: number, unit: string) => budgets.push({ name, value, limit, unit });
const ms = (value: number) => `${value.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const table = (rows: string[][]) => {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows) console.log(`  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('   ')}`);
};
const step = (text: string) => console.error(`… ${text}`);

console.log(`Benchmark on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}`);

// 1. The real site's production build.
step('building the real site (1 warm-up, 5 runs)');
const real = await buildSeries(root, root, 5, 1);
console.log(`\nProduction build of the real site (${real.pages} pages; 5 runs after a warm-up, each a fresh process into an empty folder)`);
table([
  ['', 'median', 'min', 'max'],
  ['build (as npm run build reports it)', ms(real.median.pipelineMs), ms(real.min.pipelineMs), ms(real.max.pipelineMs)],
  ['whole process (Node start-up and module loading included)', ms(real.median.wallMs), ms(real.min.wallMs), ms(real.max.wallMs)],
]);
console.log(`  peak memory: ${mb(real.peakRssBytes)}`);
check('real site build, median', real.median.pipelineMs, 1000, 'ms');

// 2. Scaling on generated sites.
const scaling: { count: number; memory: BuildSeries; disk: BuildSeries }[] = [];
for (const [count, runs] of [[1000, 3], [10000, 3]] as const) {
  step(`building a generated site of ${count} pages (${runs} runs in memory, 1 on the disk)`);
  scaling.push({ count, ...await corpusSeries(root, count, runs) });
}
console.log('\nScaling: generated sites (sections of 200 pages, each with its own sidebar)');
console.log('  built into a memory-backed folder (median of the runs), and once onto the disk:');
table([
  ['doc pages', 'pages built', 'build', 'whole process', 'per page', 'peak memory', 'on the disk'],
  ...scaling.map(({ count, memory, disk }) => [String(count), String(memory.pages), ms(memory.median.pipelineMs), ms(memory.median.wallMs),
    `${(memory.median.pipelineMs / memory.pages).toFixed(2)} ms`, mb(memory.peakRssBytes), ms(disk.median.pipelineMs)]),
]);
const [small, large] = scaling.map(({ memory }) => memory.median.pipelineMs / memory.pages);
if (small !== undefined && large !== undefined) console.log(`  time per page, 10,000 vs 1,000 pages: ×${(large / small).toFixed(2)}`);
const tenThousand = scaling.find(({ count }) => count === 10000)?.memory;
if (tenThousand) {
  check('10,000 pages, build (memory-backed folder)', tenThousand.median.pipelineMs / 1000, 15, 's');
  check('10,000 pages, peak memory', tenThousand.peakRssBytes / MB, 1536, 'MB');
}
if (small !== undefined && large !== undefined) check('time per page, 10,000 vs 1,000 pages', large / small, 1.25, '×');

// 3. Authoring mode.
step('measuring an author\'s edit in npm start (15 saves)');
const reload = await measureSaveToReload(root);
console.log(`\nAuthoring mode: save a markdown file → the open tab (${reload.runs} saves)`);
console.log(`  write-to-reload-event: median ${ms(reload.medianMs)}, min ${ms(reload.minMs)}, max ${ms(reload.maxMs)}`);
console.log(`  write-to-visible:      median ${ms(reload.visible.medianMs)}, min ${ms(reload.visible.minMs)}, max ${ms(reload.visible.maxMs)}`);
check('dev write-to-visible, median', reload.visible.medianMs, 100, 'ms');

// 4–7. What readers get: one build served as `npm run serve` serves it.
const out = join(mkdtempSync(join(tmpdir(), 'pagewright-bench-site-')), 'dist');
await buildSite({ root, outDir: out });
const preview = await startPreview(out);
let weights: PageWeight[] = [];
let clicks: Awaited<ReturnType<typeof measureClickToPaint>>;
let lighthouse: LighthouseFigures[] = [];
let search: Awaited<ReturnType<typeof builtSiteSearch>>;
try {
  step('page weights');
  weights = await measurePageWeights(preview.url, out, BENCH_ROUTES);
  step('click to paint');
  clicks = await measureClickToPaint(preview.url, undefined, { distDir: out });
  step('search');
  search = await builtSiteSearch(out);
  step('Lighthouse: 5 routes × mobile and desktop × 3 runs (about five minutes)');
  lighthouse = await runLighthouse(preview.url, BENCH_ROUTES, 3);
} finally {
  await preview.close();
}

console.log('\nPage weight on first load (gzipped, raw in brackets; prefetched pages not counted)');
table([
  ['route', 'HTML', 'CSS', 'JS', 'other', 'requests'],
  ...weights.map((w) => [w.route, `${kb(w.html.gzip)} (${kb(w.html.raw)})`, `${kb(w.css.gzip)} (${kb(w.css.raw)})`,
    `${kb(w.js.gzip)} (${kb(w.js.raw)})`, `${kb(w.other.gzip)}`, `${w.requests - w.prefetch.requests} (+${w.prefetch.requests} prefetch)`]),
]);
for (const w of weights) {
  check(`${w.route} initial JS`, w.js.gzip / KB, 10, 'KB');
  check(`${w.route} CSS`, w.css.gzip / KB, 15, 'KB');
  if (w.route.startsWith('/docs/')) check(`${w.route} HTML`, w.html.gzip / KB, 15, 'KB');
}

console.log(`\nClient navigation: click → new content painted, prefetched link (${clicks.runs} clicks)`);
console.log(`  median ${ms(clicks.medianMs)}, min ${ms(clicks.minMs)}, max ${ms(clicks.maxMs)} (content swapped in: median ${ms(clicks.medianSwapMs)})`);
check('click to paint, median', clicks.medianMs, 50, 'ms');

const first = search.figures.firstQueries.map((query) => query.gzipBytes);
console.log('\nSearch (real site)');
console.log(`  index: ${search.figures.indexFiles} file(s), ${kb(search.figures.indexGzipBytes)} gzipped; search code ${kb(search.codeGzipBytes)} gzipped, loaded on first use`);
console.log(`  a first query downloads ${kb(Math.min(...first))}–${kb(Math.max(...first))} (index and code); median query time ${search.figures.medianQueryMs.toFixed(2)} ms`);

console.log('\nLighthouse (median of 3 runs): performance / accessibility / best practices / SEO; FCP, LCP, TBT, CLS');
table([
  ['route', 'preset', 'scores', 'FCP', 'LCP', 'TBT', 'CLS'],
  ...lighthouse.map((l) => [l.route, l.preset, `${l.scores.performance} / ${l.scores.accessibility} / ${l.scores.bestPractices} / ${l.scores.seo}`,
    ms(l.fcpMs), ms(l.lcpMs), ms(l.tbtMs), l.cls.toFixed(3)]),
]);
for (const l of lighthouse) {
  const lowest = Math.min(l.scores.performance, l.scores.accessibility, l.scores.bestPractices, l.scores.seo);
  check(`Lighthouse ${l.route} ${l.preset}, lowest score`, lowest, 100, 'points');
  for (const audit of l.failing.filter((a) => a.weight > 0)) console.log(`  ${l.route} ${l.preset}: ${audit.category} – ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
}

console.log('\nBudgets');
const held = (b: Budget) => (b.unit === 'points' ? b.value >= b.limit : b.value <= b.limit);
table([
  ['budget', 'measured', 'limit', ''],
  ...budgets.map((b) => [b.name, `${b.value.toFixed(b.unit === 'ms' || b.unit === 'points' ? 0 : 2)} ${b.unit}`,
    `${b.unit === 'points' ? '≥' : '≤'} ${b.limit} ${b.unit}`, held(b) ? 'held' : 'MISSED']),
]);

writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify({
  measuredAt: new Date().toISOString(), machine: { cores: cpus().length, memoryBytes: totalmem(), node: process.version },
  realSiteBuild: real, scaling, devReload: reload, pageWeights: weights, clickToPaint: clicks, search, lighthouse,
  budgets: budgets.map((b) => ({ ...b, held: held(b) })),
}, null, 2)}\n`);
console.log('\nWritten to bench/results.json.');
rmSync(join(out, '..'), { recursive: true, force: true });
