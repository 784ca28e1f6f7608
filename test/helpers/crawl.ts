// A link checker that reads the built site the way a reader's browser asks for it: from the home
// page, every same-origin <a href> is fetched once, and every #fragment must name an element's id
// on the page it points to. Used by the links gate (test/e2e/links.test.ts).

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (value: string) => value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);

function attributeValues(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => decode(match[1] ?? ''));
}

export interface CrawlReport {
  pages: number;
  links: number;
  problems: string[];
}

interface Target {
  status: number;
  ids: Set<string> | undefined;
}

/** Crawls from the given paths (the home page, plus pages no link leads to, such as sitemap-only pages). */
export async function crawl(origin: string, starts: string[] = ['/']): Promise<CrawlReport> {
  const targets = new Map<string, Promise<Target>>();
  const problems: string[] = [];
  let links = 0;

  const fetchTarget = (path: string): Promise<Target> => {
    let target = targets.get(path);
    if (!target) {
      target = fetch(`${origin}${path}`).then(async (response) => {
        const html = (response.headers.get('content-type') ?? '').includes('text/html') ? await response.text() : undefined;
        if (html === undefined) await response.arrayBuffer();
        return { status: response.status, ids: html === undefined ? undefined : new Set(attributeValues(html, /\sid="([^"]*)"/g)), html };
      }).then((result) => {
        if (result.html !== undefined && result.status === 200) queue.push(visit(path, result.html));
        return { status: result.status, ids: result.ids };
      });
      targets.set(path, target);
    }
    return target;
  };

  const visit = async (from: string, html: string): Promise<void> => {
    const checks = attributeValues(html, /<a\s[^>]*?href="([^"]*)"/g).map(async (href) => {
      const url = new URL(href, `${origin}${from}`);
      if (url.origin !== origin) return;
      links += 1;
      const target = await fetchTarget(url.pathname + url.search);
      if (target.status !== 200) {
        problems.push(`${from}: link to ${href} answers ${target.status}`);
        return;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && target.ids && !target.ids.has(fragment)) problems.push(`${from}: link to ${href}: no element with id "${fragment}"`);
    });
    await Promise.all(checks);
  };

  const queue: Promise<void>[] = [];
  for (const start of starts) {
    const first = await fetchTarget(start);
    if (first.status !== 200) problems.push(`${start} answers ${first.status}`);
  }
  // Pages found while visiting add their own visits to the queue; wait until it stops growing.
  for (let done = 0; done < queue.length; done++) await queue[done];
  const pages = [...targets.values()];
  const htmlPages = (await Promise.all(pages)).filter((target) => target.ids !== undefined && target.status === 200).length;
  return { pages: htmlPages, links, problems: problems.sort() };
}
