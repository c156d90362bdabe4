import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The README and every Markdown page under docs/. */
function pages(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
    );
  return ['README.md', ...walk('docs')];
}

/** The link targets of a Markdown text, outside code blocks and spans, but URLs. */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/i.test(t));
}

/** The relative link targets of a Markdown text (no anchors within the page, no URLs). */
function relativeLinks(text: string): string[] {
  return links(text).filter((t) => !t.startsWith('#'));
}

/** The anchors of a page's headings, as GitHub makes them. */
function anchors(text: string): Set<string> {
  const headings = text.replace(/```[\s\S]*?```/g, '').match(/^#{1,6} .*$/gm) ?? [];
  return new Set(
    headings.map((h) =>
      h
        .replace(/^#+ /, '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

describe('links in the README and docs/', () => {
  it('lead to files that exist', () => {
    const broken = pages().flatMap((page) =>
      relativeLinks(readFileSync(page, 'utf8'))
        .map((target) => normalize(join(dirname(page), target.split('#')[0]!)))
        .filter((path) => !existsSync(path))
        .map((path) => `${page}: ${path}`),
    );
    expect(broken).toEqual([]);
  });

  it('lead to headings that exist', () => {
    const broken = pages().flatMap((page) =>
      links(readFileSync(page, 'utf8'))
        .filter((target) => target.includes('#'))
        .flatMap((target) => {
          const [file, anchor] = target.split('#') as [string, string];
          const path = file === '' ? page : normalize(join(dirname(page), file));
          if (!path.endsWith('.md') || !existsSync(path)) return [];
          return anchors(readFileSync(path, 'utf8')).has(anchor) ? [] : [`${page}: ${target}`];
        }),
    );
    expect(broken).toEqual([]);
  });

  it('every docs/ page is linked from the README or another page', () => {
    const all = pages();
    const linked = new Set(
      all.flatMap((page) =>
        relativeLinks(readFileSync(page, 'utf8')).map((t) => normalize(join(dirname(page), t.split('#')[0]!))),
      ),
    );
    expect(all.filter((page) => page !== 'README.md' && !linked.has(page))).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect(anchors('# A title\n## Fuel is time: `npm run calibrate`\n```\n# not one\n```')).toEqual(
      new Set(['a-title', 'fuel-is-time-npm-run-calibrate']),
    );
  });

  it('finds links outside code only', () => {
    expect(relativeLinks('[a](docs/x.md) `[b](no.md)` [c](https://e.org) [d](#here)\n```\n[e](no.md)\n```')).toEqual([
      'docs/x.md',
    ]);
  });
});

describe('docs/architecture.md', () => {
  it('places every folder of src/ in its layers and its layout', () => {
    const page = readFileSync('docs/architecture.md', 'utf8');
    const folders = readdirSync('src', { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `src/${e.name}`);
    const layers = page.slice(page.indexOf('## The layers'), page.indexOf('## Layout'));
    const layout = page.slice(page.indexOf('## Layout'), page.indexOf('## Storage'));
    expect(folders.filter((f) => !layers.includes(f) || !layout.includes(`${f}/`))).toEqual([]);
  });
});
