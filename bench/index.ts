// `npm run bench`: every performance figure the project claims, measured on this machine, printed
// as tables and written to bench/results.json (ignored by git), each compared with its budget.
// Figures are medians of several runs; sizes are gzipped at level 9.
//
//   npm run bench [-- OPTIONS]
//   --compare DIR       also time `npm run build` of a Docusaurus site folder holding the same content
//                       (its packages installed) and print the ratio of the whole commands
//   --scale N,N,…       also the memory curve: generated sites of N doc pages (e.g. 1000,10000,30000,100000),
//                       time and peak memory (100,000 pages take minutes and ~5 GB of memory-backed folder)
//   --only PART,PART,…  only these parts: build (the real site and cold start), scaling (1,000 and
//                       10,000 pages), scale (the --scale curve), scale-dev (npm start on the --scale
//                       sites: time to serve, a save to its reload event, the search update after it),
//                       dev (save to reload), readers (page weight, click to paint, search, Lighthouse)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSite } from '../lib/pipeline.ts';
import { BENCH_ROUTES, measureClickToPaint, measurePageWeights, type PageWeight } from './browser-figures.ts';
import { buildSeries, corpusSeries, scalePoint, type BuildSeries } from './build-figures.ts';
import { bundlingMs, docusaurusSeries, docusaurusVersion, npmRunBuildSeries, npmRunFloorSeries, type CommandSeries, type DocusaurusSeries } from './cold-start.ts';
import { measureDevAtScale, measureSaveToReload, type DevAtScaleFigures } from './dev-reload.ts';
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
const megabytes = (bytes: number | undefined) => (bytes === undefined ? '—' : `${(bytes / MB).toFixed(0)} MB`);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const table = (rows: string[][]) => {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows) console.log(`  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('   ')}`);
};
const step = (text: string) => console.error(`… ${text}`);

const PARTS = ['build', 'scaling', 'scale', 'scale-dev', 'dev', 'readers'] as const;
type Part = (typeof PARTS)[number];

/** The options (see the top of this file); a mistake ends the run with one line before anything is measured. */
function readOptions(args: string[]): { compare: string | undefined; scale: number[]; parts: Set<Part> } {
  let compare: string | undefined;
  let scale: number[] = [];
  let only: Part[] | undefined;
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = (args[i] ?? '').split(/=(.*)/s, 2);
    const value = inline ?? args[++i];
    if (value === undefined || value === '') fail(`${name} needs a value`);
    if (name === '--compare') {
      compare = resolve(value);
      const found = docusaurusVersion(compare);
      if ('problem' in found) fail(`--compare: ${found.problem}`);
    }
    else if (name === '--scale') {
      scale = value.split(',').map((size) => Number(size.replace(/_/g, '')));
      if (scale.some((size) => !Number.isInteger(size) || size < 1)) fail(`--scale takes page counts separated by commas, such as 1000,10000,30000,100000, not "${value}"`);
    } else if (name === '--only') {
      only = value.split(',') as Part[];
      const unknown = only.filter((part) => !PARTS.includes(part));
      if (unknown.length) fail(`--only takes ${PARTS.join(', ')}, not ${unknown.join(', ')}`);
    } else fail(`unknown option "${name}"; the options are --compare DIR, --scale N,N,… and --only PART,…`);
  }
  const parts = new Set<Part>(only ?? PARTS.filter((part) => (part !== 'scale' && part !== 'scale-dev') || scale.length > 0));
  if ((parts.has('scale') || parts.has('scale-dev')) && scale.length === 0) fail('--only scale and scale-dev need --scale N,N,…');
  if (compare !== undefined && !parts.has('build')) fail('--compare compares with the real site\'s build: keep the build part');
  return { compare, scale, parts };
}

function fail(message: string): never {
  console.error(`npm run bench: ${message}.`);
  process.exit(2);
}

const options = readOptions(process.argv.slice(2));
const results: Record<string, unknown> = {};

console.log(`Benchmark on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}`);

// 1. The real site's production build, and the whole `npm run build` command.
if (options.parts.has('build')) {
  step('building the real site (1 warm-up, 5 runs)');
  const real = await buildSeries(root, root, 5, 1);
  step('npm run build on the real site (1 warm-up, 5 runs)');
  const command = await npmRunBuildSeries(root, 5, 1);
  const bundling = await bundlingMs(root);
  step('npm run of a script that only starts Node (1 warm-up, 5 runs)');
  const floor = await npmRunFloorSeries(5, 1);
  console.log(`\nProduction build of the real site (${real.pages} pages; 5 runs after a warm-up, each a fresh process into an empty folder)`);
  table([
    ['', 'median', 'min', 'max'],
    ['build (as npm run build reports it)', ms(real.median.pipelineMs), ms(real.min.pipelineMs), ms(real.max.pipelineMs)],
    ['whole `npm run build` command (npm, Node, loading the generator, the build)', ms(command.median.wallMs), ms(command.min.wallMs), ms(command.max.wallMs)],
    ['`npm run` of a script that only starts Node (`node -e 0`): the floor under any such command', ms(floor.median.wallMs), ms(floor.min.wallMs), ms(floor.max.wallMs)],
  ]);
  const printed = command.median.buildMs;
  if (printed !== undefined) console.log(`  in those commands: the build ${ms(printed)} (median, as printed), start-up and loading ${ms(command.median.wallMs - printed)}`);
  console.log(`  peak memory: ${mb(real.peakRssBytes)}; bundling the generator (the first run after an edit to it adds this): ${ms(bundling)}`);
  check('real site build, median', real.median.pipelineMs, 1000, 'ms');
  console.log(`  npm and Node alone (the floor above) take ${ms(floor.median.wallMs)} of the whole command's 400 ms budget`);
  check('npm run build, whole command, median', command.median.wallMs, 400, 'ms');
  let docusaurus: DocusaurusSeries | undefined;
  if (options.compare) {
    step(`npm run build of the Docusaurus site in ${options.compare} (1 warm-up, 5 runs)`);
    const found = docusaurusVersion(options.compare);
    if ('problem' in found) throw new Error(found.problem);
    docusaurus = await docusaurusSeries(options.compare, found.version, 5, 1);
    console.log(`\nCompared with Docusaurus ${docusaurus.version} (${options.compare}): whole \`npm run build\` commands, 5 runs after a warm-up`);
    table([
      ['', 'median', 'min', 'max', 'HTML files'],
      [`Docusaurus ${docusaurus.version}`, ms(docusaurus.median.wallMs), ms(docusaurus.min.wallMs), ms(docusaurus.max.wallMs), String(docusaurus.htmlFiles)],
      ['Pagewright', ms(command.median.wallMs), ms(command.min.wallMs), ms(command.max.wallMs), String(command.htmlFiles)],
    ]);
    console.log(`  Docusaurus's whole command takes ×${(docusaurus.median.wallMs / command.median.wallMs).toFixed(1)} the time of Pagewright's (ratio of the medians)`);
  }
  results.realSiteBuild = real;
  results.npmRunBuild = { ...command, bundlingMs: bundling } satisfies CommandSeries & { bundlingMs: number };
  results.npmRunFloor = floor;
  if (docusaurus) results.docusaurus = { dir: options.compare, ...docusaurus, ratio: docusaurus.median.wallMs / command.median.wallMs };
}

// 2. Scaling on generated sites.
if (options.parts.has('scaling')) {
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
results.scaling = scaling;
}

// 2b. The memory curve (--scale): one build per size (three up to 10,000 pages), each a fresh
// process; then, with scale-dev, `npm start` on the same site.
if (options.parts.has('scale') || options.parts.has('scale-dev')) {
  const curve: { count: number; series: Awaited<ReturnType<typeof scalePoint<DevAtScaleFigures>>> }[] = [];
  const dev = options.parts.has('scale-dev');
  for (const count of options.scale) {
    const runs = count <= 10000 ? 3 : 1;
    step(`building a generated site of ${count} pages (${runs} run${runs === 1 ? '' : 's'})${dev ? ', then npm start on it (5 saves)' : ''}`);
    curve.push({ count, series: await scalePoint(root, count, runs, dev
      ? async (site, parent) => {
        const out = mkdtempSync(join(parent, 'pagewright-bench-dev-'));
        try {
          return await measureDevAtScale(root, site, join(out, 'dist'));
        } finally {
          rmSync(out, { recursive: true, force: true });
        }
      }
      : undefined) });
  }
  console.log('\nMemory curve: generated sites (sections of 200 pages, each with its own sidebar), median of the runs');
  table([
    ['doc pages', 'pages built', 'runs', 'build', 'whole process', 'per page', 'peak memory', 'built in'],
    ...curve.map(({ count, series }) => [String(count), String(series.pages), String(series.runs.length), ms(series.median.pipelineMs), ms(series.median.wallMs),
      `${(series.median.pipelineMs / series.pages).toFixed(2)} ms`, mb(series.peakRssBytes), series.where === 'memory' ? 'a memory-backed folder' : 'the disk']),
  ]);
  console.log('  sitemap (the protocol allows 50,000 URLs and 50 MB a file; past that, an index over parts):');
  table([
    ['doc pages', 'URLs', 'files', 'most URLs in a file', 'largest file', 'check'],
    ...curve.map(({ count, series: { facts } }) => {
      const held = facts.sitemapMaxUrls <= 50000 && facts.sitemapMaxBytes <= 52428800 && (facts.sitemapUrls > 50000) === (facts.sitemapFiles > 1);
      return [String(count), String(facts.sitemapUrls), facts.sitemapFiles === 1 ? '1' : `index + ${facts.sitemapFiles - 1}`, String(facts.sitemapMaxUrls),
        `${(facts.sitemapMaxBytes / MB).toFixed(1)} MB`, held ? 'held' : 'MISSED'];
    }),
  ]);
  const at = (count: number) => curve.find((point) => point.count === count)?.series;
  const [ten, hundred] = [at(10000), at(100000)];
  if (ten) {
    check('10,000 pages, build (memory curve)', ten.median.pipelineMs / 1000, 8, 's');
    check('10,000 pages, peak memory (memory curve)', ten.peakRssBytes / MB, 500, 'MB');
  }
  if (hundred) {
    check('100,000 pages, build', hundred.median.pipelineMs / 1000, 100, 's');
    check('100,000 pages, peak memory', hundred.peakRssBytes / MB, 1024, 'MB');
  }
  if (ten && hundred) {
    console.log(`  peak memory, 100,000 vs 10,000 pages: ×${(hundred.peakRssBytes / ten.peakRssBytes).toFixed(2)}`);
    check('peak memory, 100,000 vs 10,000 pages', hundred.peakRssBytes / ten.peakRssBytes, 1.5, '×');
  }
  const devFigures = curve.flatMap(({ count, series }) => (series.also ? [{ count, ...series.also }] : []));
  if (devFigures.length > 0) {
    console.log('\nnpm start on the same sites: time to serve, then 5 saves of one page, each made once the last one\'s search update has ended');
    console.log('  (medians), one save made right after another\'s reload, while that one\'s search update runs in the helper thread,');
    console.log('  and one made as soon as an update\'s index is ready, while its name goes into the pages');
    table([
      ['doc pages', 'serving after', 'save → reload event', 'search update after it', 'save during an update', 'save while the pages are filled', 'peak memory: build process', 'server'],
      ...devFigures.map(({ count, serveMs, saveToEvent, searchUpdate, duringUpdate, duringFill, buildPeakBytes, serverPeakBytes }) => [String(count), `${(serveMs / 1000).toFixed(1)} s`, ms(saveToEvent.medianMs),
        `${(searchUpdate.medianMs / 1000).toFixed(1)} s`, `${ms(duringUpdate.ms)}${duringUpdate.updateRunning ? '' : ' (update had ended)'}`,
        `${ms(duringFill.ms)}${duringFill.fillRunning ? '' : ' (filling had ended)'}`, megabytes(buildPeakBytes), megabytes(serverPeakBytes)]),
    ]);
    const devHundred = devFigures.find(({ count }) => count === 100000);
    if (devHundred) {
      check('npm start, 100,000 pages, time to serve', devHundred.serveMs / 1000, 30, 's');
      check('npm start, 100,000 pages, save → reload event, median', devHundred.saveToEvent.medianMs, 200, 'ms');
    }
    results.devAtScale = devFigures;
  }
  results.memoryCurve = curve;
}

// 3. Authoring mode.
if (options.parts.has('dev')) {
  step('measuring an author\'s edit in npm start (15 saves)');
  const reload = await measureSaveToReload(root);
  console.log(`\nAuthoring mode: save a markdown file → the open tab (${reload.runs} saves)`);
  console.log(`  write-to-reload-event: median ${ms(reload.medianMs)}, min ${ms(reload.minMs)}, max ${ms(reload.maxMs)}`);
  console.log(`  write-to-visible:      median ${ms(reload.visible.medianMs)}, min ${ms(reload.visible.minMs)}, max ${ms(reload.visible.maxMs)}`);
  check('dev write-to-visible, median', reload.visible.medianMs, 100, 'ms');
  results.devReload = reload;
}

// 4–7. What readers get: one build served as `npm run serve` serves it.
if (options.parts.has('readers')) {
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

  results.pageWeights = weights;
  results.clickToPaint = clicks;
  results.search = search;
  results.lighthouse = lighthouse;
  rmSync(join(out, '..'), { recursive: true, force: true });
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
  parts: [...options.parts], ...results,
  budgets: budgets.map((b) => ({ ...b, held: held(b) })),
}, null, 2)}\n`);
console.log('\nWritten to bench/results.json.');
