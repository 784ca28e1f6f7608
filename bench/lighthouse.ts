// Lighthouse scores and timings per route, in the mobile preset (Lighthouse's default config) and
// the desktop one, each the median of a few runs: a single run's performance figures move with the
// machine's load. Run against the production preview (bench/preview.ts), since compression and
// caching headers count. Used by `npm run bench`; `npx tsx bench/lighthouse.ts` measures an
// existing dist/ on its own.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// chrome-launcher comes with lighthouse (its own dependency); it launches and cleans up Chromium
// the way Lighthouse expects, remote-debugging port included.
import { launch } from 'chrome-launcher';
// lighthouse 13 declares Node >= 22.19 (npm warns on install); it runs fine on this Node 20.
import lighthouse, { type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { BENCH_ROUTES } from './browser-figures.ts';
import { median } from './median.ts';
import { startPreview } from './preview.ts';
import { CHROMIUM_ARGS } from '../test/helpers/browser.ts';

export type Preset = 'mobile' | 'desktop';

export interface FailingAudit {
  /** The category it pulls below 100. */
  category: string;
  id: string;
  title: string;
  score: number | null;
  /** Its weight in the category score: 0 for diagnostics and insights, which only explain. */
  weight: number;
  displayValue?: string;
  /** What Lighthouse points at: elements (selector and markup), URLs or texts, the first few. */
  items: string[];
}

export interface LighthouseFigures {
  route: string;
  preset: Preset;
  runs: number;
  /** Median of the runs, 0–100. */
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  /** Median of the runs, as Lighthouse reports them (simulated throttling in both presets). */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits failing in the median run (by performance score), for the categories below 100. */
  failing: FailingAudit[];
}

const CATEGORIES = { performance: 'performance', accessibility: 'accessibility', bestPractices: 'best-practices', seo: 'seo' } as const;

// Exactly these: without them Chromium waits on network look-ups this machine cannot make, and
// chrome-launcher's own defaults are left out (ignoreDefaultFlags) so that nothing else changes.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings']);

/** Readable pointers out of an audit's details: elements, source locations, URLs, unmet checks. */
function detailItems(details: unknown, origin: string, limit = 5): string[] {
  const found: string[] = [];
  // The preview's port changes with every run; paths read the same each time.
  const local = (url: string) => (url.startsWith(origin) ? url.slice(origin.length) : url);
  const visit = (value: unknown): void => {
    if (found.length >= limit || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const record = value as Record<string, unknown>;
    if (record.type === 'node') {
      const text = [record.selector, record.snippet].filter((part) => typeof part === 'string' && part).join(' ');
      const explanation = typeof record.explanation === 'string' ? ` — ${record.explanation.replace(/\s+/g, ' ')}` : '';
      found.push((text + explanation).slice(0, 400));
      return;
    }
    if (record.type === 'source-location' && typeof record.url === 'string') {
      found.push(`${local(record.url)}:${String(record.line)}:${String(record.column)}`);
      return;
    }
    if (record.type === 'checklist' && record.items && typeof record.items === 'object') {
      for (const check of Object.values(record.items as Record<string, { label?: string; value?: boolean }>)) {
        if (check.value === false && check.label) found.push(`unmet: ${check.label}`);
      }
      return;
    }
    if (typeof record.url === 'string' && record.url) {
      found.push(local(record.url));
      return;
    }
    if ((record.type === 'text' || record.type === 'code') && typeof record.value === 'string') {
      found.push(record.value.slice(0, 400));
      return;
    }
    // Tables nest rows in `items` and cells such as `node` or `source`; summaries, headings and
    // debug data say nothing a reader needs here.
    for (const [key, child] of Object.entries(record)) if (['items', 'subItems', 'node', 'source'].includes(key)) visit(child);
  };
  visit((details as { items?: unknown } | undefined)?.items);
  return found;
}

function failingAudits(lhr: Result, origin: string): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const [name, id] of Object.entries(CATEGORIES)) {
    const category = lhr.categories[id];
    if (!category || category.score === 1) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || !SCORED_MODES.has(audit.scoreDisplayMode) || audit.score === null || audit.score >= 1) continue;
      failing.push({
        category: name, id: audit.id, title: audit.title, score: audit.score, weight: ref.weight,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        items: detailItems(audit.details, origin),
      });
    }
  }
  // Weighted metrics first: they are what costs the points.
  return failing.sort((a, b) => b.weight - a.weight);
}

// onlyCategories: the four we report; the others (agentic browsing) would only add time.
async function runOnce(url: string, port: number, preset: Preset): Promise<Result> {
  const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: Object.values(CATEGORIES) },
    preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Lighthouse `runs` times per route and preset, one Chromium per route and preset. */
export async function runLighthouse(siteUrl: string, routes: string[], runs = 3): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = [];
  for (const route of routes) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const chrome = await launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, ignoreDefaultFlags: true, logLevel: 'error' });
      const results: Result[] = [];
      try {
        for (let run = 0; run < runs; run++) results.push(await runOnce(new URL(route, siteUrl).href, chrome.port, preset));
      } finally {
        chrome.kill();
      }
      // The run whose performance score is the median one speaks for the failing audits.
      const byPerformance = [...results].sort((a, b) => score(a, CATEGORIES.performance) - score(b, CATEGORIES.performance));
      const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
      const of = (pick: (lhr: Result) => number) => median(results.map(pick));
      figures.push({
        route, preset, runs,
        scores: {
          performance: of((lhr) => score(lhr, CATEGORIES.performance)),
          accessibility: of((lhr) => score(lhr, CATEGORIES.accessibility)),
          bestPractices: of((lhr) => score(lhr, CATEGORIES.bestPractices)),
          seo: of((lhr) => score(lhr, CATEGORIES.seo)),
        },
        fcpMs: of((lhr) => numeric(lhr, 'first-contentful-paint')),
        lcpMs: of((lhr) => numeric(lhr, 'largest-contentful-paint')),
        tbtMs: of((lhr) => numeric(lhr, 'total-blocking-time')),
        cls: of((lhr) => numeric(lhr, 'cumulative-layout-shift')),
        failing: middle ? failingAudits(middle, new URL(siteUrl).origin) : [],
      });
    }
  }
  return figures;
}

// Run directly on an existing dist/ (`npm run build` first), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const preview = await startPreview(join(import.meta.dirname, '..', 'dist'));
  const started = performance.now();
  try {
    for (const f of await runLighthouse(preview.url, BENCH_ROUTES)) {
      const { performance: perf, accessibility, bestPractices, seo } = f.scores;
      console.log(`${f.route} ${f.preset}: performance ${perf}, accessibility ${accessibility}, best practices ${bestPractices}, SEO ${seo}; `
        + `FCP ${f.fcpMs.toFixed(0)} ms, LCP ${f.lcpMs.toFixed(0)} ms, TBT ${f.tbtMs.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}`);
      for (const audit of f.failing) {
        console.log(`  ${audit.category}: ${audit.id} (${audit.title}) score ${audit.score}, weight ${audit.weight}${audit.displayValue ? `, ${audit.displayValue}` : ''}`);
        for (const item of audit.items) console.log(`    ${item}`);
      }
    }
  } finally {
    await preview.close();
  }
  console.log(`Lighthouse took ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}
