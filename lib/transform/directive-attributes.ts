// Transform: the attributes of a generic directive, `{#id .class key=value key="a value"}`, as
// Docusaurus 3 reads them after an admonition's type or title (`:::tip[Title]{#id}`).

export interface DirectiveAttributes {
  /** The last `#id` (or `id=`), as the directive syntax keeps it. */
  id: string | undefined;
  classes: string[];
  /** Every other `key=value`, and a key written alone (its value ""). */
  pairs: [string, string][];
}

/** One attribute: `#id`, `.class`, `key`, `key=value`, `key="value"` or `key='value'`. */
const ATTRIBUTE = /^(?:([#.])([^\s"'<=>`{}#.]+)|([A-Za-z_:][\w.:-]*)(?:[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^\s"'<=>`{}]+)))?)/;

/** The attributes of `{…}` (braces included), or undefined when the text is not an attribute list. */
export function parseDirectiveAttributes(text: string): DirectiveAttributes | undefined {
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  const attributes: DirectiveAttributes = { id: undefined, classes: [], pairs: [] };
  let rest = text.slice(1, -1).trim();
  while (rest !== '') {
    const match = ATTRIBUTE.exec(rest);
    if (!match) return undefined;
    const [whole, shortcut, shortValue, key, double, single, bare] = match;
    if (shortcut === '#') attributes.id = shortValue;
    else if (shortcut === '.') attributes.classes.push(shortValue ?? '');
    else if (key === 'id') attributes.id = double ?? single ?? bare ?? '';
    else if (key === 'class') attributes.classes.push(...(double ?? single ?? bare ?? '').split(/\s+/).filter(Boolean));
    else attributes.pairs.push([key ?? '', double ?? single ?? bare ?? '']);
    rest = rest.slice(whole.length);
    const space = /^[ \t]*/.exec(rest)?.[0] ?? '';
    // Attributes are separated by whitespace; two run together ("#a.b") is allowed for shortcuts, as in the syntax.
    if (space === '' && rest !== '' && !/^[#.]/.test(rest)) return undefined;
    rest = rest.slice(space.length);
  }
  return attributes;
}
