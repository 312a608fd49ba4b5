import MagicString from 'magic-string';
import { parseAst, type Plugin } from 'vite';

/**
 * What the driver app reads of an API contract (packages/api/src/contract.ts) when it calls it:
 * lib/api-client.ts builds the request from the method, the path, whether a token goes with it
 * and whether it moves money. The schemas are for the server (validation, the OpenAPI
 * document) and for the app's types; the app never validates an answer with them.
 */
const CLIENT_KEYS = new Set(['method', 'path', 'auth', 'status', 'idempotent']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** A node's children: its fields' nodes and arrays of nodes (the walk skips what is not a node). */
function childrenOf(node: Node): unknown[] {
  return Object.entries(node)
    .filter(([key]) => key !== 'type' && key !== 'start' && key !== 'end')
    .map(([, value]) => value);
}

function keyName(property: Node): string | undefined {
  if (property.computed) return undefined;
  const key = property.key as Node;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

function* contractLiterals(node: unknown): Generator<Node> {
  if (Array.isArray(node)) {
    for (const item of node) yield* contractLiterals(item);
    return;
  }
  if (!isNode(node)) return;
  if (node.type === 'CallExpression') {
    const callee = node.callee as Node;
    const [argument] = node.arguments as Node[];
    if (
      callee.type === 'Identifier' &&
      callee.name === 'defineContract' &&
      argument?.type === 'ObjectExpression'
    ) {
      yield argument;
      return;
    }
  }
  yield* contractLiterals(childrenOf(node));
}

/** Whether building the value runs code other than the value's own functions. */
function runsCode(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(runsCode);
  if (!isNode(node)) return false;
  if (/^(ArrowFunctionExpression|FunctionExpression|ClassExpression)$/.test(node.type))
    return false;
  if (
    /^(CallExpression|NewExpression|MemberExpression|TaggedTemplateExpression|SpreadElement)$/.test(
      node.type,
    )
  )
    return true;
  return childrenOf(node).some(runsCode);
}

function* topLevelInitializers(program: Node): Generator<Node> {
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration'
        ? (statement.declaration as Node | null)
        : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      if (isNode(declarator.init)) yield declarator.init;
    }
  }
}

/**
 * The web build of a module of packages/api or packages/domain. Those modules declare: their
 * top-level constants are contracts, schemas, tables and rules, built without side effects. So
 * (1) each `defineContract({...})` keeps only the keys the client reads (spreads stay as they
 * are), and (2) each top-level constant built by running code (a call, a property read) is
 * built in a function called once and marked pure: the bundler may then leave out a schema the
 * app does not use, with whatever only it needed (zod), down to the last `rule.invalid` its
 * options read. Constants that are functions or plain values stay as they are. Answers null
 * for a module with nothing to change. A contract key the client reads must be a plain
 * `key: value` or shorthand property, as every contract in packages/api writes it.
 */
export function clientContracts(
  code: string,
  id: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const s = new MagicString(code);
  const program = parseAst(code, { lang: 'ts' }, id) as unknown as Node;
  for (const literal of contractLiterals(program)) {
    const kept: string[] = [];
    for (const property of literal.properties as Node[]) {
      if (property.type === 'SpreadElement') kept.push(code.slice(property.start, property.end));
      else {
        const name = keyName(property);
        if (name === undefined)
          throw new Error(`${id}: a contract key the web build cannot read at ${property.start}`);
        if (CLIENT_KEYS.has(name)) kept.push(code.slice(property.start, property.end));
      }
    }
    s.overwrite(literal.start, literal.end, `{ ${kept.join(', ')} }`);
  }
  for (const init of topLevelInitializers(program)) {
    if (!runsCode(init)) continue;
    s.prependLeft(init.start, '/* @__PURE__ */ (() => (');
    s.appendRight(init.end, '))()');
  }
  return s.hasChanged() ? { code: s.toString(), map: s.generateMap({ hires: 'boundary' }) } : null;
}

/**
 * The web build's contracts without their schemas, and the shared packages' constants pure
 * (clientContracts), so that calling an endpoint does not build zod schemas nobody reads: the
 * map's first screens load no zod at all. Forms that validate with a schema import it by name
 * and keep it. Build only: the component tests run the contracts whole.
 */
export function clientContractsPlugin(): Plugin {
  return {
    name: 'evcharge:client-contracts',
    apply: 'build',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\/packages\/(api|domain)\/src\//.test(id)) return null;
      return clientContracts(code, id);
    },
  };
}
