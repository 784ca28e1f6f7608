// Load: YAML anchors and aliases ("&name" / "*name") let a few lines stand for a huge or endless value:
// nine nested levels of nine aliases each make 3 KB of text into some 400 million values (a
// "billion laughs"), and "&a [*a]" is a list that contains itself. Every later reader of the API
// description (the $ref check, the example checks, the samples written into pages) walks values as
// trees, so such a file is refused here, at the alias that does it, from js-yaml's event stream:
// one pass, whatever the aliases would expand to.
import { EVENT_ID, parseEvents, type Event } from 'js-yaml';
import { BuildError, lineAt } from '../diagnostics.ts';

/** Values the whole description may expand to, aliases counted at their full size, beyond the text's own length. */
export const MAX_EXPANDED_VALUES = 100_000;

interface Frame {
  anchor: string | undefined;
  size: number;
}

/** Throws a BuildError at the first alias that refers to a value it is inside, or that makes the document too large. */
export function checkYamlAliases(text: string, file: string): void {
  const hasAliases = /\*[^\s,[\]{}]/.test(text);
  if (!hasAliases) return;
  const limit = MAX_EXPANDED_VALUES + text.length;
  const events: Event[] = parseEvents(text, {});
  const sizes = new Map<string, number>();
  const frames: Frame[] = [];
  const open = new Map<string, number>();
  const anchorOf = (event: { anchorStart: number; anchorEnd: number }) =>
    event.anchorStart >= 0 ? text.slice(event.anchorStart, event.anchorEnd) : undefined;
  const add = (size: number) => {
    const frame = frames[frames.length - 1];
    if (frame) frame.size += size;
  };
  const tooLarge = (at: number): never => {
    throw new BuildError({ file, line: lineAt(text, at) },
      `The aliases ("*name") of this file expand it to more than ${limit.toLocaleString('en-US')} values.`,
      'Write the repeated part out once and refer to it with "$ref", or repeat it in full: aliases may not multiply a value.');
  };
  let total = 0;
  for (const event of events) {
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        frames.push({ anchor: undefined, size: 0 });
        break;
      case EVENT_ID.SEQUENCE:
      case EVENT_ID.MAPPING: {
        const anchor = anchorOf(event);
        if (anchor !== undefined) open.set(anchor, (open.get(anchor) ?? 0) + 1);
        frames.push({ anchor, size: 1 });
        break;
      }
      case EVENT_ID.SCALAR: {
        const anchor = anchorOf(event);
        if (anchor !== undefined) sizes.set(anchor, 1);
        total += 1;
        add(1);
        break;
      }
      case EVENT_ID.ALIAS: {
        const name = text.slice(event.anchorStart, event.anchorEnd);
        if (open.get(name)) {
          throw new BuildError({ file, line: lineAt(text, event.anchorStart) },
            `The alias "*${name}" is inside the value "&${name}" it refers to, so that value would contain itself without end.`,
            `Remove the alias, or describe the recursive shape with "$ref" to a schema under #/components/schemas/.`);
        }
        const size = sizes.get(name) ?? 1;
        total += size;
        if (total > limit) tooLarge(event.anchorStart);
        add(size);
        break;
      }
      case EVENT_ID.POP: {
        const frame = frames.pop();
        if (!frame) break;
        if (frame.anchor !== undefined) {
          sizes.set(frame.anchor, frame.size);
          open.set(frame.anchor, (open.get(frame.anchor) ?? 1) - 1);
        }
        add(frame.size);
        break;
      }
      default:
        break;
    }
  }
}
