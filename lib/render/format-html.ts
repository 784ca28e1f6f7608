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

const BLOCK = ['head', 'body', 'header', 'nav', 'main', 'article', 'aside', 'footer', 'section', 'div', 'ul', 'ol', 'li',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'table', 'thead', 'tbody', 'tr', 'details', 'meta', 'link', 'script', 'title', 'hr'];
/** Elements whose content is copied as it is (names in lower case: HTML reads <SCRIPT> as <script>). */
const VERBATIM = ['pre', 'script', 'style', 'textarea', 'iframe', 'xmp', 'noembed', 'noframes', 'plaintext'];

/** Every tag name the formatter treats apart. */
const KNOWN_TAGS = [...new Set([...BLOCK, ...VERBATIM])];
/**
 * Their indexes in KNOWN_TAGS by length and first letter (see knownTag): a page has hundreds of
 * tags, and looking each name up where it stands costs less than slicing it out to look it up in a set.
 */
const KNOWN_TAG_SLOTS: number[][] = [];
KNOWN_TAGS.forEach((name, index) => (KNOWN_TAG_SLOTS[knownTagSlot(name.length, name.charCodeAt(0))] ??= []).push(index));
const BLOCK_TAGS = KNOWN_TAGS.map((name) => BLOCK.includes(name));
const VERBATIM_TAGS = KNOWN_TAGS.map((name) => VERBATIM.includes(name));

function knownTagSlot(length: number, first: number): number {
  // The low five bits of an ASCII letter tell the letters apart in either case.
  return length * 32 + (first & 31);
}

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
 * The tag named html[start, end), read in any case as HTML reads it: its index in KNOWN_TAGS, plus
 * KNOWN_TAGS.length when not all in lower case (a block tag counts only as written in lower case);
 * -1 for any other name.
 */
function knownTag(html: string, start: number, end: number): number {
  const length = end - start;
  if (length > 9) return -1;
  const candidates = KNOWN_TAG_SLOTS[knownTagSlot(length, html.charCodeAt(start))];
  if (candidates === undefined) return -1;
  for (const index of candidates) {
    const name = KNOWN_TAGS[index] as string;
    let lowerCase = true;
    let k = 0;
    for (; k < length; k++) {
      const code = html.charCodeAt(start + k);
      const expected = name.charCodeAt(k);
      if (code === expected) continue;
      // Setting bit 0x20 lower-cases an ASCII letter.
      if (!isAsciiLetter(code) || (code | 0x20) !== expected) break;
      lowerCase = false;
    }
    if (k === length) return lowerCase ? index : index + KNOWN_TAGS.length;
  }
  return -1;
}

/**
 * Builds the output line by line, greedily: the text since the last break opportunity (the
 * segment) is held back until the next one, then the opportunity becomes a newline if the segment
 * would not fit on the line.
 *
 * Speed: most of a page is copied unchanged, so the output, the segment and the separator are each
 * held as a string plus a pending range [start, end) of the input, extended while what is added
 * follows on in the input, and sliced once when something else comes: a run of text or a tag that
 * stays on its line costs one slice, not one per word or attribute.
 */
class Lines {
  readonly html: string;
  /** The output is `out` followed by html[outStart, outEnd). */
  out = '';
  outStart = -1;
  outEnd = -1;
  /** Length of the last line of the output. */
  column = 0;
  /** Nothing but a newline (or nothing at all) written since the last line began. */
  atLineStart: boolean;
  /** The whitespace of the pending break opportunity: `separator` followed by html[separatorStart, separatorEnd). */
  separator = '';
  separatorStart = -1;
  separatorEnd = -1;
  /** Its length, 0 when no opportunity is pending. */
  separatorLength = 0;
  /** What the separator becomes when the line breaks there. */
  lineBreak = '';
  /** The segment is `segment` followed by html[segmentStart, segmentEnd). */
  segment = '';
  segmentStart = -1;
  segmentEnd = -1;
  /**
   * Offsets in the segment of the spaces between a tag name and its first attribute (the first
   * `lastResortCount` entries): broken only when the segment would still pass LAST_RESORT_WIDTH,
   * since "<span class=…>" reads best in one piece.
   */
  lastResorts: number[] = [];
  lastResortCount = 0;
  /** The first "\n" at or after where it was last looked for (Infinity when none): see nextNewline. */
  newlineAt = -1;
  /** The same for "&#x27;". */
  aposAt = -1;

  constructor(html: string, atLineStart: boolean) {
    this.html = html;
    this.atLineStart = atLineStart;
  }

  /**
   * The first "\n" at or after `from`. Callers ask with `from` never going back, so each search
   * starts past the last one found: linear in the page in all.
   */
  nextNewline(from: number): number {
    if (this.newlineAt < from) {
      const at = this.html.indexOf('\n', from);
      this.newlineAt = at === -1 ? Infinity : at;
    }
    return this.newlineAt;
  }

  /** The first "&#x27;" at or after `from`, as nextNewline. */
  nextApos(from: number): number {
    if (this.aposAt < from) {
      const at = this.html.indexOf('&#x27;', from);
      this.aposAt = at === -1 ? Infinity : at;
    }
    return this.aposAt;
  }

  writeRange(start: number, end: number): void {
    if (start === end) return;
    if (this.outEnd !== start) {
      if (this.outEnd > this.outStart) this.out += this.html.slice(this.outStart, this.outEnd);
      this.outStart = start;
    }
    this.outEnd = end;
  }

  writeString(text: string): void {
    if (this.outEnd > this.outStart) this.out += this.html.slice(this.outStart, this.outEnd);
    this.outStart = this.outEnd = -1;
    this.out += text;
  }

  output(): string {
    if (this.outEnd > this.outStart) this.out += this.html.slice(this.outStart, this.outEnd);
    this.outStart = this.outEnd = -1;
    return this.out;
  }

  /** Adds html[start, end) to the segment. */
  addRange(start: number, end: number): void {
    if (start === end) return;
    if (this.segmentEnd !== start) {
      if (this.segmentEnd > this.segmentStart) this.segment += this.html.slice(this.segmentStart, this.segmentEnd);
      this.segmentStart = start;
    }
    this.segmentEnd = end;
  }

  /** Adds `text` to the segment. */
  add(text: string): void {
    if (this.segmentEnd > this.segmentStart) this.segment += this.html.slice(this.segmentStart, this.segmentEnd);
    this.segmentStart = this.segmentEnd = -1;
    this.segment += text;
  }

  segmentLength(): number {
    return this.segment.length + this.segmentEnd - this.segmentStart;
  }

  /**
   * The last input position where a break opportunity taken from html[from] on would still fit on
   * the line with everything pending before it: up to there, no pending break can be taken (see text).
   */
  roomUntil(from: number): number {
    return from + WIDTH - this.column - this.separatorLength - this.segmentLength();
  }

  segmentText(): string {
    return this.segmentEnd > this.segmentStart ? this.segment + this.html.slice(this.segmentStart, this.segmentEnd) : this.segment;
  }

  /** A place where the whitespace html[start, end) may become `lineBreak`. */
  opportunityRange(start: number, end: number, lineBreak: string): void {
    if (this.separatorLength > 0 && this.segmentLength() === 0) {
      if (this.separatorEnd === start) this.separatorEnd = end;
      else this.separator = this.separatorText() + this.html.slice(start, end), this.separatorStart = this.separatorEnd = -1;
      this.separatorLength += end - start;
      return;
    }
    this.flush();
    this.separatorStart = start;
    this.separatorEnd = end;
    this.separatorLength = end - start;
    this.lineBreak = lineBreak;
  }

  /** A place where `whitespace` (not a slice of the input) may become `lineBreak`. */
  opportunity(whitespace: string, lineBreak: string): void {
    if (this.separatorLength > 0 && this.segmentLength() === 0) {
      this.separator = this.separatorText() + whitespace;
      this.separatorStart = this.separatorEnd = -1;
      this.separatorLength += whitespace.length;
      return;
    }
    this.flush();
    this.separator = whitespace;
    this.separatorLength = whitespace.length;
    this.lineBreak = lineBreak;
  }

  separatorText(): string {
    return this.separatorEnd > this.separatorStart ? this.separator + this.html.slice(this.separatorStart, this.separatorEnd) : this.separator;
  }

  /** A space, added to the segment, that may become ATTRIBUTE_BREAK as a last resort; html[at] when it is one. */
  lastResort(at: number): void {
    this.lastResorts[this.lastResortCount++] = this.segmentLength();
    if (at === -1) this.add(' ');
    else this.addRange(at, at + 1);
  }

  /** Writes the pending opportunity and segment. */
  flush(): void {
    const separatorLength = this.separatorLength;
    const segmentLength = this.segmentLength();
    if (separatorLength > 0) {
      const broken = this.column > 0 && this.column + separatorLength + segmentLength > WIDTH;
      if (broken) {
        this.writeString(this.lineBreak);
        this.column = this.lineBreak.length - 1;
      } else {
        if (this.separator !== '') this.writeString(this.separator);
        this.writeRange(this.separatorStart, this.separatorEnd);
        this.column += separatorLength;
      }
      this.atLineStart = false;
      this.separator = '';
      this.separatorStart = this.separatorEnd = -1;
      this.separatorLength = 0;
    }
    if (segmentLength === 0) {
      this.lastResortCount = 0;
      return;
    }
    this.atLineStart = false;
    if (this.lastResortCount === 0 || this.column + segmentLength <= LAST_RESORT_WIDTH) {
      if (this.segment !== '') this.writeString(this.segment);
      this.writeRange(this.segmentStart, this.segmentEnd);
      this.column += segmentLength;
    } else {
      const segment = this.segmentText();
      let from = 0;
      for (let r = 0; r <= this.lastResortCount; r++) {
        const at = r < this.lastResortCount ? this.lastResorts[r] as number : segment.length;
        const piece = segment.slice(from, at);
        if (from > 0 && this.column + piece.length > LAST_RESORT_WIDTH) {
          this.writeString(ATTRIBUTE_BREAK + piece.slice(1));
          this.column = ATTRIBUTE_BREAK.length - 1 + piece.length - 1;
        } else {
          this.writeString(piece);
          this.column += piece.length;
        }
        from = at;
      }
    }
    this.lastResortCount = 0;
    this.segment = '';
    this.segmentStart = this.segmentEnd = -1;
  }

  /** Ends the line, unless it is empty. Whitespace pending just before goes: the newline stands for it. */
  newline(): void {
    if (this.segmentLength() === 0) {
      this.separator = '';
      this.separatorStart = this.separatorEnd = -1;
      this.separatorLength = 0;
    }
    this.flush();
    if (!this.atLineStart) {
      this.writeString('\n');
      this.column = 0;
      this.atLineStart = true;
    }
  }

  /**
   * The content of <pre> or a raw-text element, html[start, end), kept as it is: its lines do not
   * count, so it never moves a break of the markup before it.
   */
  raw(start: number, end: number): void {
    this.flush();
    this.writeRange(start, end);
    // lastIndexOf runs back only as far as a newline known to be in the range.
    const lastNewline = this.nextNewline(start) < end ? this.html.lastIndexOf('\n', end - 1) : -1;
    this.column = lastNewline === -1 ? this.column + end - start : end - lastNewline - 1;
    if (end > start) this.atLineStart = false;
  }

  /** Markup html[start, end) that may hold newlines of its own (a comment, an attribute value): kept as it is. */
  verbatimRange(start: number, end: number): void {
    const firstNewline = this.nextNewline(start);
    if (firstNewline >= end) {
      this.addRange(start, end);
      return;
    }
    // The line so far ends with the text's first line: the pending break is decided with it.
    this.addRange(start, firstNewline);
    this.flush();
    this.writeRange(firstNewline, end);
    this.column = end - this.html.lastIndexOf('\n', end - 1) - 1;
    this.atLineStart = false;
  }

  /** The same for markup that is not a slice of the input. */
  verbatim(text: string): void {
    const firstNewline = text.indexOf('\n');
    if (firstNewline === -1) {
      this.add(text);
      return;
    }
    this.add(text.slice(0, firstNewline));
    this.flush();
    this.writeString(text.slice(firstNewline));
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
  const lines = new Lines(html, atLineStart);
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
  return lines.output();
}

/**
 * Writes the text html[start, end), breakable at its whitespace; returns its last character.
 *
 * Speed: a single space before a narrow character is a break opportunity that only the line's
 * width decides; while the text up to it fits on the line with what is pending before it, no break
 * before it can be taken, so such spaces are passed over and only the last one is handed on, with
 * the text before it, when something else comes (which gives the same lines as handing on each).
 */
function text(html: string, start: number, end: number, lines: Lines, before: number): number {
  let from = start;
  let k = start;
  /** The last space passed over since `from` (-1 when none). */
  let spaceAt = -1;
  let room = lines.roomUntil(from);
  while (k < end) {
    const code = html.charCodeAt(k);
    // Most characters are none of the ones below (all at or under "&").
    if (code > AMP) {
      before = code;
      k++;
      continue;
    }
    if (code === 0x20 && k <= room && k + 1 < end) {
      const after = html.charCodeAt(k + 1);
      if (after > 0x20 && after < WIDE && after !== AMP) {
        spaceAt = k++;
        continue;
      }
    }
    const entity = code === AMP ? (html.startsWith('&#x27;', k) ? SINGLE_QUOTE : html.startsWith('&quot;', k) ? DOUBLE_QUOTE : 0) : 0;
    if (!isSpace(code) && entity === 0) {
      before = code;
      k++;
      continue;
    }
    if (spaceAt !== -1) {
      lines.addRange(from, spaceAt);
      lines.opportunityRange(spaceAt, spaceAt + 1, '\n');
      from = spaceAt + 1;
      spaceAt = -1;
    }
    if (entity !== 0) {
      lines.addRange(from, k);
      lines.add(entity === SINGLE_QUOTE ? "'" : '"');
      before = entity;
      from = k = k + 6;
    } else {
      lines.addRange(from, k);
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
      else if (narrowBefore || narrowAfter) lines.opportunityRange(k, runEnd, '\n');
      else lines.addRange(k, runEnd);
      from = k = runEnd;
    }
    room = lines.roomUntil(from);
  }
  if (spaceAt !== -1) {
    lines.addRange(from, spaceAt);
    lines.opportunityRange(spaceAt, spaceAt + 1, '\n');
    from = spaceAt + 1;
  }
  lines.addRange(from, end);
  return before;
}

/** Writes the markup starting at html[lt] === '<'; returns where the text after it starts. */
function markup(html: string, lt: number, lines: Lines): number {
  const next = html.charCodeAt(lt + 1);
  if (next === 0x21 /* ! */ && html.startsWith('<!--', lt)) {
    const close = html.indexOf('-->', lt + 4);
    const end = close === -1 ? html.length : close + 3;
    lines.verbatimRange(lt, end);
    return end;
  }
  if (next === SLASH || next === 0x21 || next === 0x3f /* ? */) {
    const close = html.indexOf('>', lt);
    const end = close === -1 ? html.length : close + 1;
    lines.verbatimRange(lt, end);
    return end;
  }
  if (!isAsciiLetter(next)) {
    // Not a tag: a "<" of text.
    lines.addRange(lt, lt + 1);
    return lt + 1;
  }
  return startTag(html, lt, lines);
}

/**
 * A start tag, its attributes breakable between them; then a verbatim element's content. The
 * attributes are read as the HTML tokenizer does: names end at whitespace, "/", ">" or "="; values
 * are quoted or end at whitespace or ">"; a stray "/" is ignored. Each is written as its text (name,
 * "=", value), with &#x27; of double-quoted values as "'", after one space.
 */
function startTag(html: string, lt: number, lines: Lines): number {
  const n = html.length;
  let k = lt + 1;
  while (k < n) {
    const code = html.charCodeAt(k);
    if (isSpace(code) || code === SLASH || code === GT) break;
    k++;
  }
  const known = knownTag(html, lt + 1, k);
  if (known !== -1 && known < KNOWN_TAGS.length && BLOCK_TAGS[known]) lines.newline();
  lines.addRange(lt, k);
  /** Where what was written of the tag ends in the input. */
  let written = k;
  let first = true;
  /** Whether the tag was closed by ">" or "/>" before the page ended. */
  let closed = false;
  while (k < n) {
    const code = html.charCodeAt(k);
    if (isSpace(code)) {
      k++;
      continue;
    }
    if (code === GT) {
      lines.addRange(k, k + 1);
      closed = true;
      k++;
      break;
    }
    if (code === SLASH) {
      if (html.charCodeAt(k + 1) === GT) {
        if (!isSpace(html.charCodeAt(k - 1))) lines.addRange(k, k + 2);
        else if (written === k - 1 && html.charCodeAt(k - 1) === 0x20) lines.addRange(k - 1, k + 2);
        else lines.add(' />');
        closed = true;
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
    // The space before the attribute: the input's own when it is one space right after what was written.
    const space = written === nameStart - 1 && html.charCodeAt(written) === 0x20 ? written : -1;
    if (first) lines.lastResort(space);
    else if (space === -1) lines.opportunity(' ', ATTRIBUTE_BREAK);
    else lines.opportunityRange(space, space + 1, ATTRIBUTE_BREAK);
    first = false;
    // A value written on several lines (a long SVG path, the policy) keeps its lines.
    const multiline = lines.nextNewline(nameStart) < valueEnd;
    if (doubleQuoted && lines.nextApos(nameStart) + 6 <= valueEnd) {
      const attribute = html.slice(nameStart, valueEnd).replaceAll('&#x27;', "'");
      if (multiline) lines.verbatim(attribute);
      else lines.add(attribute);
    } else if (multiline) lines.verbatimRange(nameStart, valueEnd);
    else lines.addRange(nameStart, valueEnd);
    k = written = valueEnd;
  }
  const name = known === -1 ? '' : KNOWN_TAGS[known % KNOWN_TAGS.length] as string;
  if (known === -1 || !VERBATIM_TAGS[known % KNOWN_TAGS.length] || !closed) return k;
  const end = name === 'pre' ? preEnd(html, k) : rawTextEnd(html, k, name);
  lines.raw(k, end);
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
