import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Markdown with its fenced code blocks and inline code left out: links in code are examples, not links. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(text: string): Set<string> {
  const headings = [...text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]!);
  return new Set(
    headings.map((heading) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

describe('the README and docs/', () => {
  it('the README stays a page a newcomer reads: 250 lines at most', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
  });

  it.each(pages)('%s: every relative link reaches a file, and every anchor a heading', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    const broken: string[] = [];
    for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [file, anchor] = target!.split('#') as [string, string | undefined];
      const path = file === '' ? join(root, page) : join(dirname(join(root, page)), file);
      if (!existsSync(path)) broken.push(`${target}: no such file`);
      else if (anchor && path.endsWith('.md') && !anchorsOf(readFileSync(path, 'utf8')).has(anchor)) broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it('every page of docs/ is linked from the README or from another page', () => {
    const linked = new Set<string>();
    for (const page of pages) {
      for (const [, target] of prose(readFileSync(join(root, page), 'utf8')).matchAll(/\]\(([^)#\s]+)/g)) linked.add(join(dirname(page), target!));
    }
    expect(pages.filter((page) => page !== 'README.md' && !linked.has(page))).toEqual([]);
  });
});
