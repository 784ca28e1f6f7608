// Load, Docusaurus: the tags file of Docusaurus 3 (docs/tags.yml, or the file the docs option
// `tags` names): `key: {label, permalink, description}`. A front matter tag written as a text that
// is a key takes the file's label and permalink; any other tag is "inline", which the docs option
// `onInlineTags` reports: a warning ('warn', the default, and 'log'), a failed build ('throw'), or
// nothing ('ignore'). Defaults as in Docusaurus: the label is the key capitalised, the permalink
// the key in kebab case.
import { BuildError, lineOfKey, type Diagnostics } from '../../diagnostics.ts';
import { kebabCase } from '../../slug.ts';
import { parseYaml } from '../config.ts';
import type { LoadedContent } from '../content.ts';
import { describe, FieldReader, isPlainObject } from '../fields.ts';
import type { FrontMatterTag } from '../frontmatter.ts';
import { readSourceText } from '../source-text.ts';

export type OnInlineTags = 'warn' | 'ignore' | 'throw';

export interface TagsFile {
  file: string;
  tags: Map<string, Required<Pick<FrontMatterTag, 'label' | 'permalink'>>>;
}

export function readTagsFile(absPath: string, file: string): TagsFile {
  const text = readSourceText(absPath, file);
  if (text.trim() === '') throw new BuildError({ file }, 'The tags file is empty.', 'List the tags ("releases: {label: Product releases}"), or delete the file.');
  const data = parseYaml({ file, text, lineOffset: 0 });
  if (!isPlainObject(data)) {
    throw new BuildError({ file, line: 1 }, `The tags file must map tag keys to {label, permalink, description}, but it is ${describe(data)}.`, 'Write one key a line: "releases: {label: Product releases}".');
  }
  const tags: TagsFile['tags'] = new Map();
  const permalinks = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    let label = key.charAt(0).toUpperCase() + key.slice(1).toLowerCase();
    let permalink = kebabCase(key);
    if (value !== null) {
      if (!isPlainObject(value)) {
        throw new BuildError({ file, line: lineOfKey(text, key) }, `The tag "${key}" must be {label, permalink, description} or empty, but it is ${describe(value)}.`, `Write "${key}: {label: …}".`);
      }
      const tag = new FieldReader(value, { file, text, lineOffset: 0 }, key);
      tag.onlyKeys(['label', 'permalink', 'description']);
      label = tag.optionalString('label') || label;
      permalink = kebabCase(tag.optionalString('permalink') ?? '') || permalink;
    }
    const other = permalinks.get(permalink);
    if (other !== undefined) {
      throw new BuildError({ file, line: lineOfKey(text, key) }, `The tags "${other}" and "${key}" have the same permalink "/${permalink}".`, 'Give each tag a permalink of its own.');
    }
    permalinks.set(permalink, key);
    tags.set(key, { label, permalink: [permalink] });
  }
  return { file, tags };
}

/**
 * The docs with the tags file applied: new front matter objects (the loaded ones are not changed),
 * each inline tag reported as `onInlineTags` says.
 */
export function applyTagsFile(content: LoadedContent, tagsFile: TagsFile, onInlineTags: OnInlineTags, diagnostics: Diagnostics): LoadedContent {
  const apply = (doc: LoadedContent['docs'][number]): LoadedContent['docs'][number] => {
    if (doc.frontMatter.tags.length === 0) return doc;
    const tags = doc.frontMatter.tags.map((tag) => {
      const defined = tag.plain ? tagsFile.tags.get(tag.label) : undefined;
      if (defined) return { ...defined, plain: false };
      if (onInlineTags !== 'ignore') {
        const problem = `The tag "${tag.label}" is not defined in ${tagsFile.file}.`;
        const hint = `Add "${tag.label}:" to ${tagsFile.file}, use one of its keys (${[...tagsFile.tags.keys()].slice(0, 8).join(', ')}), or set the docs option onInlineTags to 'ignore'.`;
        if (onInlineTags === 'throw') throw new BuildError({ file: doc.file, line: doc.tagsLine }, problem, hint);
        diagnostics.warn({ file: doc.file, line: doc.tagsLine }, `${problem} ${hint}`);
      }
      return tag;
    });
    // Copied with its property descriptors: a body kept in the spill file stays there.
    return Object.create(Object.getPrototypeOf(doc) as object, { ...Object.getOwnPropertyDescriptors(doc), frontMatter: { value: { ...doc.frontMatter, tags }, enumerable: true, writable: true, configurable: true } }) as typeof doc;
  };
  return { ...content, docs: content.docs.map(apply), drafts: content.drafts.map(apply) };
}
