/// <reference types="node" />
/**
 * Finds every message the server and the shared schemas write in English, for the guard of
 * messages.bn.ts. The sources are read with the TypeScript compiler, which also follows a message to
 * where it is written: a constant (`NUMBER_TAKEN`), a helper's parameter (`invalid('group_id',
 * 'Choose a group')`), a function that builds it (`labelOf(holder)`). A `${…}` part that takes a few
 * known texts (a department's label, a schema's field label) makes one message of each; any other
 * becomes `{0}`, `{1}`, … in order, as the keys of the table are written.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SERVER = 'apps/server/src';
const SHARED = 'packages/shared/src';

/** Files whose `message:` properties are replies (`return { message: … }`, `reply.send({ message })`). */
const SERVER_REPLIES = /^apps\/server\/src\/(modules\/.+\.(routes|service)\.ts|plugins\/.+\.ts|app\.ts)$/;

/** Decorators of the server's Fastify instance that take a message, and the argument that is it. */
const DECORATOR_MESSAGE_ARGUMENTS = new Map([['requires', 1]]);

/** Zod calls whose string arguments are error messages: `.min(1, 'Title is required')`, `z.string('…')`. */
const ZOD_MESSAGE_CALLS = new Set([
  'string',
  'number',
  'boolean',
  'int',
  'uuid',
  'email',
  'url',
  'datetime',
  'min',
  'max',
  'length',
  'nonempty',
  'gt',
  'gte',
  'lt',
  'lte',
  'regex',
  'refine',
  'enum',
  'union',
  'array',
]);

/** A message text with `HOLE` for each part not known before it runs. */
const HOLE = '\u0000';
/**
 * A message made elsewhere and passed on: a `message` parameter, whose callers are scanned, or the
 * `message` of another object (an error's, a reply's), scanned where it is made.
 */
const PASSED_ON = Symbol('passed on');
/** More variants than this and the varying parts become holes. */
const MAX_VARIANTS = 16;

type Texts = string[] | typeof PASSED_ON | null;

export interface Found {
  /** The table's key: holes written `{0}`, `{1}`, … */
  key: string;
  where: string;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/\.(test|test-support|d)\.ts$/.test(file))
    .filter((file) => !(folder === SHARED && file === 'messages.bn.ts'))
    .map((file) => join(ROOT, folder, file));
}

function keyOf(text: string): string {
  let index = 0;
  return text.replace(new RegExp(HOLE, 'g'), () => `{${index++}}`);
}

function unwrap(node: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isTypeAssertionExpression(node) ||
    ts.isAwaitExpression(node)
  )
    node = node.expression;
  return node;
}

export function scanMessages(): { found: Found[]; unseen: Found[] } {
  const files = [...sourceFiles(SERVER), ...sourceFiles(SHARED)];
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
    noResolve: true,
    noLib: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const scanned = new Set(files.map((file) => program.getSourceFile(file)).filter((file) => file !== undefined));

  function symbolOf(node: ts.Node): ts.Symbol | undefined {
    const symbol = checker.getSymbolAtLocation(node);
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  }

  function declarationsOf(node: ts.Node): ts.Declaration[] {
    return (symbolOf(node)?.declarations ?? []).filter((declaration) => scanned.has(declaration.getSourceFile()));
  }

  /** The function (or constructor) a call runs, when it is written in the scanned sources. */
  function calleeOf(call: ts.CallExpression | ts.NewExpression): ts.FunctionLikeDeclaration | undefined {
    for (const declaration of declarationsOf(call.expression)) {
      if (ts.isFunctionDeclaration(declaration)) return declaration;
      if (ts.isClassDeclaration(declaration)) return declaration.members.find(ts.isConstructorDeclaration);
      if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
        const value = unwrap(declaration.initializer);
        if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return value;
      }
    }
    return undefined;
  }

  const callsOf = new Map<ts.Node, (ts.CallExpression | ts.NewExpression)[]>();
  for (const file of scanned) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = calleeOf(node);
        if (callee) callsOf.set(callee, [...(callsOf.get(callee) ?? []), node]);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  /** The object literal an expression names (`DEPARTMENT_LABELS`), if any. */
  function objectLiteralOf(node: ts.Expression): ts.ObjectLiteralExpression | undefined {
    const value = unwrap(node);
    if (ts.isObjectLiteralExpression(value)) return value;
    if (!ts.isIdentifier(value)) return undefined;
    for (const declaration of declarationsOf(value)) {
      if (ts.isVariableDeclaration(declaration) && declaration.initializer) return objectLiteralOf(declaration.initializer);
    }
    return undefined;
  }

  function union(parts: Texts[]): string[] | null {
    const all: string[] = [];
    for (const part of parts) {
      if (!Array.isArray(part)) return null;
      all.push(...part);
    }
    return parts.length > 0 ? [...new Set(all)] : null;
  }

  function propertyTexts(object: ts.ObjectLiteralExpression, name?: string): string[] | null {
    const values = object.properties
      .filter(ts.isPropertyAssignment)
      .filter((property) => name === undefined || property.name.getText().replace(/^['"]|['"]$/g, '') === name)
      .map((property) => textsOf(property.initializer));
    return union(values);
  }

  /** What a function returns, when every return is a known text. */
  function returnsOf(callee: ts.FunctionLikeDeclaration): string[] | null {
    if (ts.isArrowFunction(callee) && !ts.isBlock(callee.body)) return union([textsOf(callee.body)]);
    const returned: Texts[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isReturnStatement(node)) returned.push(node.expression ? textsOf(node.expression) : null);
      else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
    };
    if (callee.body) ts.forEachChild(callee.body, visit);
    return union(returned);
  }

  function parameterTexts(parameter: ts.ParameterDeclaration): Texts {
    if (ts.isIdentifier(parameter.name) && parameter.name.text === 'message') return PASSED_ON;
    const callee = parameter.parent;
    const index = callee.parameters.indexOf(parameter);
    const calls = callsOf.get(callee) ?? [];
    const values = calls.map((call) => {
      const argument = call.arguments?.[index];
      if (argument) return textsOf(argument);
      return parameter.initializer ? textsOf(parameter.initializer) : null;
    });
    return union(values);
  }

  const evaluating = new Set<ts.Node>();

  /** Every text an expression may have, holes for the parts not known before it runs; null when unknown. */
  function textsOf(expression: ts.Expression): Texts {
    const node = unwrap(expression);
    if (evaluating.has(node)) return null;
    evaluating.add(node);
    try {
      return evaluate(node);
    } finally {
      evaluating.delete(node);
    }
  }

  function evaluate(node: ts.Expression): Texts {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (ts.isTemplateExpression(node)) {
      const spans = node.templateSpans.map((span) => {
        const inner = textsOf(span.expression);
        return { options: Array.isArray(inner) ? inner : [HOLE], after: span.literal.text };
      });
      const join = (expand: boolean) =>
        spans.reduce(
          (texts, span) => texts.flatMap((text) => (expand ? span.options : [HOLE]).map((option) => text + option + span.after)),
          [node.head.text],
        );
      const expanded = join(true);
      return expanded.length <= MAX_VARIANTS ? expanded : join(false);
    }
    if (ts.isConditionalExpression(node)) return union([textsOf(node.whenTrue), textsOf(node.whenFalse)]);
    if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind;
      if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken)
        return union([textsOf(node.left), textsOf(node.right)]);
      if (operator === ts.SyntaxKind.PlusToken) {
        const left = textsOf(node.left);
        const right = textsOf(node.right);
        if (!Array.isArray(left) && !Array.isArray(right)) return null;
        const lefts = Array.isArray(left) ? left : [HOLE];
        const rights = Array.isArray(right) ? right : [HOLE];
        return lefts.flatMap((a) => rights.map((b) => a + b));
      }
      return null;
    }
    if (ts.isIdentifier(node)) {
      for (const declaration of declarationsOf(node)) {
        if (ts.isVariableDeclaration(declaration) && declaration.initializer) return textsOf(declaration.initializer);
        if (ts.isParameter(declaration)) return parameterTexts(declaration);
      }
      return null;
    }
    if (ts.isPropertyAccessExpression(node)) {
      if (node.name.text === 'message') return PASSED_ON;
      const object = objectLiteralOf(node.expression);
      if (object) return propertyTexts(object, node.name.text);
      for (const declaration of declarationsOf(node.name)) {
        if (ts.isPropertyAssignment(declaration)) return textsOf(declaration.initializer);
      }
      return null;
    }
    if (ts.isElementAccessExpression(node)) {
      const object = objectLiteralOf(node.expression);
      if (!object) return null;
      const argument = unwrap(node.argumentExpression);
      return propertyTexts(object, ts.isStringLiteral(argument) ? argument.text : undefined);
    }
    if (ts.isCallExpression(node)) {
      const callee = calleeOf(node);
      return callee ? returnsOf(callee) : null;
    }
    return null;
  }

  const found: Found[] = [];
  const unseen: Found[] = [];

  for (const file of scanned) {
    const path = file.fileName.slice(ROOT.length + 1);
    const where = (node: ts.Node) => `${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const isShared = path.startsWith(SHARED);

    /** A place a message is written; `strict` when the scan must know what it is. */
    const site = (node: ts.Expression, strict: boolean) => {
      const texts = textsOf(node);
      if (texts === PASSED_ON) return;
      if (texts === null) {
        if (strict) unseen.push({ key: `${path}: ${node.getText()}`, where: where(node) });
        return;
      }
      for (const text of texts) if (/\p{L}/u.test(text)) found.push({ key: keyOf(text), where: where(node) });
    };

    const visit = (node: ts.Node): void => {
      // A `message` parameter of our own functions, AppError's included: every argument passed to it.
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = calleeOf(node);
        callee?.parameters.forEach((parameter, index) => {
          const argument = node.arguments?.[index];
          if (argument && isMessageParameter(parameter)) site(argument, true);
        });
      }
      // `app.requires(canX, 'Only admins …')`: a decorator of Fastify's instance, whose types the scan does not load.
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const index = DECORATOR_MESSAGE_ARGUMENTS.get(node.expression.name.text);
        const argument = index === undefined ? undefined : node.arguments[index];
        if (argument) site(argument, true);
      }
      if (ts.isParameter(node) && isMessageParameter(node) && node.initializer) site(node.initializer, true);
      // `const NUMBER_ENTRY_MESSAGE = '…'` and `const REPORT_MESSAGES = { … }`.
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        if (/_MESSAGE$/.test(node.name.text)) site(node.initializer, false);
        const object = /_MESSAGES$/.test(node.name.text) ? objectLiteralOf(node.initializer) : undefined;
        for (const property of object?.properties ?? []) if (ts.isPropertyAssignment(property)) site(property.initializer, false);
      }
      // `{ message: 'Group created' }` in a reply; `{ message: … }` and `{ error: … }` of a schema.
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
        const name = node.name.text;
        if (isShared ? name === 'message' || name === 'error' : name === 'message' && SERVER_REPLIES.test(path))
          site(node.initializer, false);
      }
      // `.min(1, 'Title is required')`, `z.enum(ROLES, 'Choose a role')`.
      if (
        isShared &&
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ZOD_MESSAGE_CALLS.has(node.expression.name.text)
      ) {
        for (const argument of node.arguments) site(argument, false);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { found, unseen };
}

/**
 * A parameter named `message` taking a string, of a function that replies or throws (AppError's
 * constructor, a service's or a plugin's helper): not a repository's, whose message is a comment.
 */
function isMessageParameter(parameter: ts.ParameterDeclaration): boolean {
  if (!ts.isIdentifier(parameter.name) || parameter.name.text !== 'message') return false;
  const path = parameter.getSourceFile().fileName.slice(ROOT.length + 1);
  if (!path.startsWith(SHARED) && !SERVER_REPLIES.test(path)) return false;
  return parameter.type ? parameter.type.kind === ts.SyntaxKind.StringKeyword : parameter.initializer !== undefined;
}
