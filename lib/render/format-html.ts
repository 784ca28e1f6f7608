// Render: lays out the HTML React writes so that view-source reads like hand-written HTML. One
// linear pass, no regular expression over the page:
// - block-level tags start lines;
// - a line that would pass WIDTH characters is broken only where HTML whitespace means nothing for
//   rendering: at whitespace of text (a newline collapses like a space), or between the attributes
//   of a start tag (continuation lines indented). No whitespace is ever added where there was none:
//   "Home<svg" or "</code>," stay glued, since a space there would show;
// - React's needless entities go: &#x27; and &quot; in text, &#x27; in double-quoted attribute values.
// The content of <pre> (whitespace shows) and of raw-text elements is copied byte for byte: the
// inline scripts' SHA-256 hashes are in the page's CSP. A line can still pass WIDTH when one word,
// attribute or preformatted line is longer.
const WIDTH = 120;
/** Where a line breaks between a tag name and its first attribute: only when glued tags leave no other place. */
const LAST_RESORT_WIDTH = 160;
/** Starts a continuation line of a start tag's attributes. */
const ATTRIBUTE_BREAK = '\n  ';

const BLOCK = new Set(['head', 'body', 'header', 'nav', 'main', 'article', 'aside', 'footer', 'section', 'div', 'ul', 'ol', 'li',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'table', 'thead', 'tbody', 'tr', 'details', 'meta', 'link', 'script', 'title', 'hr']);
/** Elements whose content is copied as it is (names in lower case: HTML reads <SCRIPT> as <script>). */
const VERBATIM = new Set(['pre', 'script', 'style', 'textarea', 'iframe', 'xmp', 'noembed', 'noframes', 'plaintext']);

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SEMICOLON = 0x3b;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
/**
 * Whitespace next to a character from here on (CJK, Hangul jamo, zero-width space…) is not
 * broken: a browser may drop a newline between two East Asian wide characters where it keeps a space.
 */
const WIDE = 0x1100;

/** ASCII whitespace as the HTML tokenizer reads it. */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d || code === 0x0c;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/**
 * Builds the output line by line, greedily: the text since the last break opportunity (`segment`)
 * is held back until the next one, then the opportunity becomes a newline if the segment would not
 * fit on the line.
 */
class Lines {
  out = '';
  /** Length of the last line of `out`. */
  column = 0;
  /** Nothing but a newline (or nothing at all) written since the last line began. */
  atLineStart: boolean;
  /** The whitespace of the pending break opportunity, '' when none is pending. */
  separator = '';
  /** What the separator becomes when the line breaks there. */
  lineBreak = '';
  segment = '';
  /**
   * Spaces in `segment` between a tag name and its first attribute: broken only when the segment
   * would still pass LAST_RESORT_WIDTH, since "<span class=…>" reads best in one piece.
   */
  lastResorts: number[] = [];

  constructor(atLineStart: boolean) {
    this.atLineStart = atLineStart;
  }

  /** A place where `whitespace` may become `lineBreak`. */
  opportunity(whitespace: string, lineBreak: string): void {
    if (this.separator !== '' && this.segment === '') {
      this.separator += whitespace;
      return;
    }
    this.flush();
    this.separator = whitespace;
    this.lineBreak = lineBreak;
  }

  /** A space, added to the segment, that may become ATTRIBUTE_BREAK as a last resort. */
  lastResort(): void {
    this.lastResorts.push(this.segment.length);
    this.segment += ' ';
  }

  /** Writes the pending opportunity and segment. */
  flush(): void {
    const { separator, segment } = this;
    if (separator !== '') {
      const broken = this.column > 0 && this.column + separator.length + segment.length > WIDTH;
      this.out += broken ? this.lineBreak : separator;
      this.column = broken ? this.lineBreak.length - 1 : this.column + separator.length;
      this.atLineStart = false;
    }
    if (segment !== '') this.atLineStart = false;
    if (this.lastResorts.length === 0 || this.column + segment.length <= LAST_RESORT_WIDTH) {
      this.out += segment;
      this.column += segment.length;
    } else {
      let from = 0;
      for (const at of [...this.lastResorts, segment.length]) {
        const piece = segment.slice(from, at);
        if (from > 0 && this.column + piece.length > LAST_RESORT_WIDTH) {
          this.out += ATTRIBUTE_BREAK + piece.slice(1);
          this.column = ATTRIBUTE_BREAK.length - 1 + piece.length - 1;
        } else {
          this.out += piece;
          this.column += piece.length;
        }
        from = at;
      }
    }
    if (this.lastResorts.length > 0) this.lastResorts = [];
    this.separator = '';
    this.segment = '';
  }

  /** Ends the line, unless it is empty. Whitespace pending just before goes: the newline stands for it. */
  newline(): void {
    if (this.segment === '') this.separator = '';
    this.flush();
    if (!this.atLineStart) {
      this.out += '\n';
      this.column = 0;
      this.atLineStart = true;
    }
  }

  /**
   * The content of <pre> or a raw-text element, kept as it is: its lines do not count, so it
   * never moves a break of the markup before it.
   */
  raw(text: string): void {
    this.flush();
    this.out += text;
    const lastNewline = text.lastIndexOf('\n');
    this.column = lastNewline === -1 ? this.column + text.length : text.length - lastNewline - 1;
    if (text !== '') this.atLineStart = false;
  }

  /** Markup that may hold newlines of its own (a comment, an attribute value): kept as it is. */
  verbatim(text: string): void {
    const firstNewline = text.indexOf('\n');
    if (firstNewline === -1) {
      this.segment += text;
      return;
    }
    // The line so far ends with the text's first line: the pending break is decided with it.
    this.segment += text.slice(0, firstNewline);
    this.flush();
    this.out += text.slice(firstNewline);
    this.column = text.length - text.lastIndexOf('\n') - 1;
    this.atLineStart = false;
  }
}

export function formatHtml(html: string): string {
  return format(html, true).trim();
}

/** The same for a part of a page (lib/render/preformatted.ts): a block tag at its start still gets its newline. */
export function formatFragment(html: string): string {
  return format(html, false);
}

function format(html: string, atLineStart: boolean): string {
  const lines = new Lines(atLineStart);
  /** The last character of text before the current position (0 when unknown): see WIDE. */
  let before = 0;
  let i = 0;
  const n = html.length;
  while (i < n) {
    const lt = html.indexOf('<', i);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > i) before = text(html, i, textEnd, lines, before);
    if (lt === -1) break;
    i = markup(html, lt, lines);
  }
  lines.flush();
  return lines.out;
}

/** Writes the text html[start, end), breakable at its whitespace; returns its last character. */
function text(html: string, start: number, end: number, lines: Lines, before: number): number {
  let from = start;
  let k = start;
  while (k < end) {
    const code = html.charCodeAt(k);
    if (isSpace(code)) {
      lines.segment += html.slice(from, k);
      let runEnd = k + 1;
      let hasNewline = code === 0x0a || code === 0x0d;
      while (runEnd < end && isSpace(html.charCodeAt(runEnd))) {
        const next = html.charCodeAt(runEnd);
        if (next === 0x0a || next === 0x0d) hasNewline = true;
        runEnd++;
      }
      const after = runEnd < end ? html.charCodeAt(runEnd) : 0;
      const narrowBefore = before !== 0 && before < WIDE && before !== SEMICOLON;
      const narrowAfter = after !== 0 && after < WIDE && after !== AMP;
      if (hasNewline) lines.newline();
      else if (narrowBefore || narrowAfter) lines.opportunity(html.slice(k, runEnd), '\n');
      else lines.segment += html.slice(k, runEnd);
      from = k = runEnd;
    } else if (code === AMP && html.startsWith('&#x27;', k)) {
      lines.segment += html.slice(from, k) + "'";
      before = SINGLE_QUOTE;
      from = k = k + 6;
    } else if (code === AMP && html.startsWith('&quot;', k)) {
      lines.segment += html.slice(from, k) + '"';
      before = DOUBLE_QUOTE;
      from = k = k + 6;
    } else {
      before = code;
      k++;
    }
  }
  lines.segment += html.slice(from, end);
  return before;
}

/** Writes the markup starting at html[lt] === '<'; returns where the text after it starts. */
function markup(html: string, lt: number, lines: Lines): number {
  const next = html.charCodeAt(lt + 1);
  if (next === 0x21 /* ! */ && html.startsWith('<!--', lt)) {
    const close = html.indexOf('-->', lt + 4);
    const end = close === -1 ? html.length : close + 3;
    lines.verbatim(html.slice(lt, end));
    return end;
  }
  if (next === SLASH || next === 0x21 || next === 0x3f /* ? */) {
    const close = html.indexOf('>', lt);
    const end = close === -1 ? html.length : close + 1;
    lines.verbatim(html.slice(lt, end));
    return end;
  }
  if (!isAsciiLetter(next)) {
    // Not a tag: a "<" of text.
    lines.segment += '<';
    return lt + 1;
  }
  return startTag(html, lt, lines);
}

/** The attributes of a start tag as the HTML tokenizer reads them, and where the tag ends. */
interface ParsedTag {
  name: string;
  /** Each attribute's text (name, "=", value), with &#x27; of double-quoted values as "'". */
  attributes: string[];
  /** ">", "/>" or " />"; '' when the page ends inside the tag. */
  close: string;
  /** Where the text after the tag starts. */
  end: number;
}

/**
 * The attribute states of the HTML tokenizer: names end at whitespace, "/", ">" or "="; values are
 * quoted or end at whitespace or ">"; a stray "/" is ignored.
 */
function parseTag(html: string, lt: number): ParsedTag {
  const n = html.length;
  let k = lt + 1;
  while (k < n) {
    const code = html.charCodeAt(k);
    if (isSpace(code) || code === SLASH || code === GT) break;
    k++;
  }
  const name = html.slice(lt + 1, k);
  const attributes: string[] = [];
  let close = '';
  while (k < n) {
    const code = html.charCodeAt(k);
    if (isSpace(code)) {
      k++;
      continue;
    }
    if (code === GT) {
      close = '>';
      k++;
      break;
    }
    if (code === SLASH) {
      if (html.charCodeAt(k + 1) === GT) {
        close = isSpace(html.charCodeAt(k - 1)) ? ' />' : '/>';
        k += 2;
        break;
      }
      k++;
      continue;
    }
    const nameStart = k;
    k++;
    while (k < n) {
      const c = html.charCodeAt(k);
      if (isSpace(c) || c === SLASH || c === GT || c === EQUALS) break;
      k++;
    }
    let valueEnd = k;
    let doubleQuoted = false;
    let v = k;
    while (v < n && isSpace(html.charCodeAt(v))) v++;
    if (html.charCodeAt(v) === EQUALS) {
      v++;
      while (v < n && isSpace(html.charCodeAt(v))) v++;
      const quote = html.charCodeAt(v);
      if (quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE) {
        const closing = html.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", v + 1);
        valueEnd = closing === -1 ? n : closing + 1;
        doubleQuoted = quote === DOUBLE_QUOTE;
      } else {
        valueEnd = v;
        while (valueEnd < n && !isSpace(html.charCodeAt(valueEnd)) && html.charCodeAt(valueEnd) !== GT) valueEnd++;
      }
    }
    let attribute = html.slice(nameStart, valueEnd);
    if (doubleQuoted && attribute.includes('&#x27;')) attribute = attribute.replaceAll('&#x27;', "'");
    attributes.push(attribute);
    k = valueEnd;
  }
  return { name, attributes, close, end: k };
}

/** A start tag, its attributes breakable between them; then a verbatim element's content. */
function startTag(html: string, lt: number, lines: Lines): number {
  const tag = parseTag(html, lt);
  const { name, attributes, close } = tag;
  if (BLOCK.has(name)) lines.newline();
  lines.segment += '<' + name;
  for (let i = 0; i < attributes.length; i++) {
    const attribute = attributes[i] as string;
    if (i === 0) lines.lastResort();
    else lines.opportunity(' ', ATTRIBUTE_BREAK);
    // A value written on several lines (a long SVG path, the policy) keeps its lines.
    if (attribute.includes('\n')) lines.verbatim(attribute);
    else lines.segment += attribute;
  }
  lines.segment += close;
  const lower = VERBATIM.has(name) || BLOCK.has(name) ? name : name.toLowerCase();
  if (!VERBATIM.has(lower) || close === '') return tag.end;
  const end = lower === 'pre' ? preEnd(html, tag.end) : rawTextEnd(html, tag.end, lower);
  lines.raw(html.slice(tag.end, end));
  return end;
}

/** Where the "</name" that ends a raw-text element's content starts (or the end of the page). */
function rawTextEnd(html: string, from: number, name: string): number {
  if (name === 'plaintext') return html.length;
  let k = from;
  for (;;) {
    k = html.indexOf('</', k);
    if (k === -1) return html.length;
    if (html.slice(k + 2, k + 2 + name.length).toLowerCase() === name && endsName(html.charCodeAt(k + 2 + name.length))) return k;
    k += 2;
  }
}

/** Where the "</pre" that ends a <pre> starts, counting <pre> inside it. */
function preEnd(html: string, from: number): number {
  let depth = 1;
  let k = from;
  for (;;) {
    k = html.indexOf('<', k);
    if (k === -1) return html.length;
    const closing = html.charCodeAt(k + 1) === SLASH;
    const nameAt = closing ? k + 2 : k + 1;
    // "pre" in any case: setting bit 0x20 lower-cases an ASCII letter.
    if ((html.charCodeAt(nameAt) | 0x20) === 0x70 && (html.charCodeAt(nameAt + 1) | 0x20) === 0x72
      && (html.charCodeAt(nameAt + 2) | 0x20) === 0x65 && endsName(html.charCodeAt(nameAt + 3))) {
      depth += closing ? -1 : 1;
      if (depth === 0) return k;
    }
    k++;
  }
}

function endsName(code: number): boolean {
  return isSpace(code) || code === SLASH || code === GT || Number.isNaN(code);
}

/**
 * A pattern that finds `markup` (as React wrote it) in HTML this module formatted: its whitespace
 * may have become a line break, its &#x27; and &quot; the characters. No nested repetition: it runs
 * in time linear in the text searched.
 */
export function formattedPattern(markup: string): RegExp {
  const escaped = markup.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/&#x27;/g, "(?:&#x27;|')").replace(/&quot;/g, '(?:&quot;|")').replace(/ /g, '(?: |\\n {0,2})'));
}
