import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments, tests and docs say why, in their own words (docs/frontend.md "Comments and docstrings"):
 * - no tracker citation ("issue" followed by a number) in any tracked text file;
 * - every `docs/<name>.md` a file names, and every relative Markdown link of a Markdown file, exists;
 * - every heading quoted after a doc's name, or after "see" inside that doc, (`docs/decisions.md "Rate limit on sign-in and password routes"`, or a
 *   list: `docs/decisions.md ("First load", "Free-text search")`) is a heading of that doc. A heading may be named by
 *   its whole text or by its text up to a parenthesis, colon, comma or semicolon ("Data scope" for "Data scope
 *   (enforced by the server)"), a leading "N. " and backticks aside.
 * The repository's files are read as git tracks them (`git ls-files`), from the working tree.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Generated or binary: nothing a person wrote. */
const SKIPPED = [/(^|\/)package-lock\.json$/, /\.(png|jpe?g|ico|webp|gif|woff2?|pdf|gz|br|heic)$/i];

/** A tracker citation: "issue" or "issues" and a number, also after "#" or on a comment's next line. */
const CITATION = /\bissues?(?:\s|\*|\/\/)*#?\d+/gi;

/** The tracked text files, repository-relative, with their contents. */
function trackedTexts(): { file: string; text: string }[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  return files
    .filter((file) => !SKIPPED.some((re) => re.test(file)) && existsSync(path.join(ROOT, file)))
    .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }))
    .filter(({ text }) => !text.includes('\0'));
}

/** The tracker citations in `text`, each with its line number. */
export function citations(text: string): string[] {
  return [...text.matchAll(CITATION)].map((m) => `line ${text.slice(0, m.index).split('\n').length}: "${m[0]}"`);
}

/** The `docs/*.md` paths `text` names. */
export function docPaths(text: string): string[] {
  return [...text.matchAll(/(?<![\w./-])docs\/[\w./-]*?\.md\b/g)].map((m) => m[0]);
}

/** Relative Markdown link targets of a Markdown file (no scheme, no anchor-only link), without their anchors. */
export function markdownLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!.split('#')[0]!).filter((target) => target !== '' && !/^[a-z][a-z+.-]*:/i.test(target));
}

/** Headings of a Markdown text, outside code fences, backticks removed. */
export function headingsOf(markdown: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (m) out.push(m[1]!.replace(/`/g, ''));
  }
  return out;
}

/** True when `quoted` names one of `headings` (whole, or up to a parenthesis, colon, comma or semicolon). */
export function namesHeading(quoted: string, headings: string[]): boolean {
  const q = quoted.replace(/`/g, '').trim();
  return headings.some((h) => {
    const title = h.replace(/^\d+\.\s+/, '');
    return h === q || title === q || (title.startsWith(q) && /^\s*[(:,;]/.test(title.slice(q.length)));
  });
}

/**
 * The headings `text` quotes after a doc's name: `<name>.md "A"`, `<name>.md` "A" and "B"`,
 * `<name>.md ("A", "B")`. Comment markers at line starts are joined away first, so a quote may wrap.
 */
export function quotedHeadings(text: string, docNames: string[]): { doc: string; heading: string }[] {
  const flat = text.replace(/[ \t]*\r?\n[ \t]*(?:\*(?!\/)|\/\/|#(?!#* )|<!--|-->)?[ \t]*/g, ' ');
  const names = docNames.map((n) => n.replace(/[.-]/g, '\\$&')).join('|');
  const re = new RegExp(`(?:docs/)?(${names})\\.md\`?\\s*,?\\s*\\(?((?:"[^"]+"(?:\\s*(?:,|and|/)\\s*)?)+)`, 'g');
  const out: { doc: string; heading: string }[] = [];
  for (const m of flat.matchAll(re)) for (const q of m[2]!.matchAll(/"([^"]+)"/g)) out.push({ doc: m[1]!, heading: q[1]! });
  return out;
}

/** The headings a doc quotes of itself: `see "Offline" below`. */
export function selfQuotedHeadings(markdown: string): string[] {
  return [...markdown.replace(/\s*\n\s*/g, ' ').matchAll(/\bsee "([^"]+)"/g)].map((m) => m[1]!);
}

const texts = trackedTexts();
const docNames = readdirSync(path.join(ROOT, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3));
const headings = new Map(docNames.map((n) => [n, headingsOf(readFileSync(path.join(ROOT, 'docs', `${n}.md`), 'utf8'))]));

describe('docs hygiene: the checks themselves', () => {
  // Samples are put together at run time, so this file's own text cites nothing.
  const see = 'see ' + 'issue';
  const docs = 'docs' + '/';
  it('finds a tracker citation, and none in plain words', () => {
    expect(citations(`ok\n// ${see} 12\n`)).toEqual([`line 2: "${'issue'} 12"`]);
    expect(citations(`${see}s 13 and 14`)).toHaveLength(1);
    expect(citations(`/* ${see}\n * 9 */`)).toHaveLength(1);
    expect(citations('an issue of the spec; issues/123 of a URL')).toEqual([]);
  });

  it('reads doc paths, Markdown links and quoted headings', () => {
    expect(docPaths(`as ${docs}decisions.md and \`${docs}nowhere.md\` say; not my${docs}x.md`)).toEqual([`${docs}decisions.md`, `${docs}nowhere.md`]);
    expect(markdownLinks('[a](frontend.md#x) [b](https://x.org/y.md) [c](#top)')).toEqual(['frontend.md']);
    const [dec, dep] = ['decisions', 'deploy'];
    const cited = quotedHeadings(`(${docs}${dec}.md "Rate limit"; ${dep}.md ("A", "B\n * wrapped"))`, [dec, dep]);
    expect(selfQuotedHeadings('as the rest (see\n"First load") says')).toEqual(['First load']);
    expect(cited).toEqual([
      { doc: 'decisions', heading: 'Rate limit' },
      { doc: 'deploy', heading: 'A' },
      { doc: 'deploy', heading: 'B wrapped' },
    ]);
  });

  it('accepts a heading by its whole text or its title, and nothing else', () => {
    const hs = headingsOf('# T\n## Data scope (enforced by the server)\n```\n## not a heading\n```\n## 5. Errors and toasts: once\n### `POST /x` and more\n');
    expect(hs).toEqual(['T', 'Data scope (enforced by the server)', '5. Errors and toasts: once', 'POST /x and more']);
    for (const ok of ['Data scope', 'Data scope (enforced by the server)', 'Errors and toasts', '`POST /x` and more']) expect(namesHeading(ok, hs)).toBe(true);
    for (const bad of ['Data', 'Data scope (enforced)', 'not a heading', 'Errors']) expect(namesHeading(bad, hs)).toBe(false);
  });
});

describe('docs hygiene: the repository', () => {
  it('reads the tracked files and the docs', () => {
    expect(texts.length).toBeGreaterThan(300);
    expect(headings.get('decisions')?.length).toBeGreaterThan(50);
  });

  it('cites no tracker issue', () => {
    const found = texts.flatMap(({ file, text }) => citations(text).map((c) => `${file} ${c}`));
    expect(found).toEqual([]);
  });

  it('names only docs that exist', () => {
    const missing = texts.flatMap(({ file, text }) => [
      ...docPaths(text)
        .filter((p) => !existsSync(path.join(ROOT, p)))
        .map((p) => `${file}: ${p}`),
      ...(file.endsWith('.md') ? markdownLinks(text) : [])
        .filter((target) => !existsSync(path.resolve(ROOT, path.dirname(file), target)))
        .map((target) => `${file}: link ${target}`),
    ]);
    expect(missing).toEqual([]);
  });

  it('quotes only headings the doc has', () => {
    const dead = texts.flatMap(({ file, text }) =>
      quotedHeadings(text, docNames)
        .filter(({ doc, heading }) => !namesHeading(heading, headings.get(doc)!))
        .map(({ doc, heading }) => `${file}: docs/${doc}.md "${heading}"`),
    );
    for (const [doc, hs] of headings) {
      const own = selfQuotedHeadings(readFileSync(path.join(ROOT, 'docs', `${doc}.md`), 'utf8'));
      dead.push(...own.filter((heading) => !namesHeading(heading, hs)).map((heading) => `docs/${doc}.md: see "${heading}"`));
    }
    expect(dead).toEqual([]);
  });
});
