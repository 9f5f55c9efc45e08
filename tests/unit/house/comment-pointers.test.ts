// @vitest-environment node
/**
 * Comments point only inside the repository: a section sign names the document it cites (docs/spec.md §6), and every
 * Markdown file a comment names exists in the repository. A reader of the code can follow every pointer.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const SOURCES = ['src', 'server', 'plugins', 'tests', 'scripts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(name) ? [full] : [];
  });
}

/** The comments of a source text (line and block), their leading `*`s taken out. */
function commentsOf(text: string): string[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g)].map((match) => match[0].replace(/\n\s*\*\s?/g, ' '));
}

const exists = (named: string) => existsSync(path.join(root, named));

/**
 * The pointers of a source text a reader cannot follow: a § whose document is not named (a citation names its
 * document, then its sections up to the end of the clause: "docs/spec.md §2 Other dialogs, §7 Users"), and a named
 * Markdown file the repository does not hold.
 */
function loosePointers(text: string): string[] {
  const loose: string[] = [];
  for (const comment of commentsOf(text)) {
    const cited = new Set<number>();
    for (const match of comment.matchAll(/([\w./-]+\.md)\s+§[^)]*?(?=\)|\.\s|\.$|$)/g)) {
      if (!exists(match[1] ?? '')) continue;
      const from = match.index ?? 0;
      for (let at = comment.indexOf('§', from); at !== -1 && at < from + match[0].length; at = comment.indexOf('§', at + 1)) cited.add(at);
    }
    for (let at = comment.indexOf('§'); at !== -1; at = comment.indexOf('§', at + 1)) {
      if (!cited.has(at)) loose.push(`…${comment.slice(Math.max(0, at - 40), at + 12)}…`);
    }
    for (const match of comment.matchAll(/(?<![\w.])((?:[\w-]+\/)*[\w-]+\.md)\b/g)) {
      if (!exists(match[1] ?? '')) loose.push(match[1] ?? '');
    }
  }
  return loose;
}

describe('comments point inside the repository', () => {
  it('cites sections and Markdown files only of the repository, in every source file', () => {
    // This file's own examples of loose pointers are what it looks for.
    const files = SOURCES.flatMap((dir) => sourceFiles(path.join(root, dir))).filter((file) => file !== import.meta.filename);
    expect(files.length).toBeGreaterThan(500);
    const loose = files.flatMap((file) => loosePointers(readFileSync(file, 'utf8')).map((pointer) => `${path.relative(root, file)}: ${pointer}`));
    expect(loose).toEqual([]);
  });

  it('finds a section without its document, and a document outside the repository', () => {
    const text = 'const a = 1; // see design.md and spec §2\n/** A\n * (docs/spec.md §2 Layouts, §6) and (business-domains §4) */';
    expect(loosePointers(text)).toEqual(['…// see design.md and spec §2…', 'design.md', '…d §2 Layouts, §6) and (business-domains §4) */…']);
  });
});
