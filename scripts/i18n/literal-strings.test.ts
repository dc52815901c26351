/**
 * DESIGN.md §16: no component holds a user-facing string; its words come from its folder's
 * catalog. Finds text between JSX tags and string literals given to the props people read
 * (label, placeholder, title, …) in every component of the web app, tests aside.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { WEB_SRC, webFiles } from './web-sources.ts';

/** Props whose value a person reads or hears. */
const READ_PROPS = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'aria-description',
  'description',
  'alt',
  'error',
  'message',
  'confirmLabel',
  'cancelLabel',
]);

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

/** Each literal user-facing string of a component, as `line: text`. */
export function literalStrings(source: string, fileName = 'component.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${line + 1}: ${text.trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && READ_PROPS.has(node.name.getText(file))) {
      const value = node.initializer;
      const literal = value && ts.isJsxExpression(value) ? value.expression : value;
      if (literal && (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) && hasWords(literal.text)) {
        report(node, `${node.name.getText(file)}="${literal.text}"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const components = webFiles((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'));

describe('literal strings in components', () => {
  it('finds text, and strings in the props people read, but not names of things', () => {
    const probe = `
      export const A = () => (
        <Stack aria-label="Ticket actions" gap="md">
          <Button variant="subtle" title={'Close viewer'}>Reload</Button>
          {t('reload')} +88 · {name}
        </Stack>
      );`;
    expect(literalStrings(probe)).toEqual(['3: aria-label="Ticket actions"', '4: title="Close viewer"', '4: Reload']);
  });

  it.each(components)('%s has none', (file) => {
    expect(literalStrings(readFileSync(path.join(WEB_SRC, file), 'utf8'), file)).toEqual([]);
  });
});
