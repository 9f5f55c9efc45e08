/**
 * Translators work only in locales/: every namespace exists in both languages with the same keys,
 * no value is empty, and no component holds a user-visible literal.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const LANGUAGES = ['zh-CN', 'en-US'] as const;

type Tree = { [key: string]: string | Tree };

function leafKeys(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(full, value);
    else for (const [k, v] of leafKeys(value, full)) keys.set(k, v);
  }
  return keys;
}

function namespaces(lng: string): Map<string, Map<string, string>> {
  const dir = path.join(root, 'locales', lng);
  const result = new Map<string, Map<string, string>>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    result.set(file.replace(/\.json$/, ''), leafKeys(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree));
  }
  return result;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry) && !/\.(test|d)\.tsx?$/.test(entry)) out.push(full);
  }
  return out;
}

const CJK = /[\u3400-\u9fff\uff00-\uffef]/;
const HAS_WORD = /[A-Za-z\u3400-\u9fff]{2,}/;
/** JSX attributes whose value a person reads or hears. */
const VISIBLE_ATTRIBUTES = new Set(['title', 'placeholder', 'aria-label', 'alt', 'label', 'okText', 'cancelText', 'content', 'description', 'message', 'tooltip', 'extra', 'subTitle']);

/** Places in a source file that show a literal to the user, as "file:line text". */
function literalUiStrings(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, value: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.relative(root, file)}:${line + 1} ${value.trim().slice(0, 60)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_WORD.test(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer) && HAS_WORD.test(node.initializer.text)) {
      report(node, node.initializer.text);
    }
    // Chinese text anywhere in code (comments are not nodes, so they are not seen here).
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) && CJK.test(node.text)) {
      report(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('locales', () => {
  const [zh, en] = LANGUAGES.map(namespaces) as [ReturnType<typeof namespaces>, ReturnType<typeof namespaces>];

  it('has the same namespaces in every language', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    expect(zh.size).toBeGreaterThan(0);
  });

  for (const [ns, zhKeys] of zh) {
    it(`namespace ${ns}: en-US has exactly the zh-CN keys, none empty`, () => {
      const enKeys = en.get(ns) ?? new Map<string, string>();
      expect([...enKeys.keys()].sort()).toEqual([...zhKeys.keys()].sort());
      for (const [lng, keys] of [['zh-CN', zhKeys], ['en-US', enKeys]] as const) {
        const empty = [...keys].filter(([, value]) => value.trim() === '').map(([key]) => `${lng}:${ns}:${key}`);
        expect(empty).toEqual([]);
      }
    });
  }
});

describe('components hold no user-visible literal', () => {
  it('finds none in src/ and plugins/ (server-side plugin code excepted)', () => {
    const files = [...sourceFiles(path.join(root, 'src')), ...sourceFiles(path.join(root, 'plugins'))]
      // src/contracts carries wire phrases the server sends (e.g. the token-expired phrase), not UI text.
      .filter((f) => !f.includes(`${path.sep}contracts${path.sep}`))
      .filter((f) => !/[\\/]server\.ts$|[\\/]server[\\/]/.test(f))
      // A plugin's tests (plugins/<domain>/tests/) are tests, like those in tests/.
      .filter((f) => !/[\\/]plugins[\\/][^\\/]+[\\/]tests[\\/]/.test(f));
    const offenders = files.flatMap(literalUiStrings);
    expect(offenders).toEqual([]);
  });

  it('catches a literal when there is one (the check itself can fail)', () => {
    const probe = path.join(root, 'tests/unit/locales/fixtures/literal-probe.tsx');
    expect(literalUiStrings(probe).length).toBe(3);
  });
});
