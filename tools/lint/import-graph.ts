/**
 * The pure part of the import-cycle check (tools/lint/import-cycles.ts): the imports a source file
 * names, and the cycles of a graph of files.
 *
 * Type-only imports count: STYLE.md wants no import circle anywhere, and a type that both sides of
 * a circle need belongs in a module below both.
 */
import ts from 'typescript';

/** How one file names another: `import`/`export … from`, `import type`/`import('x').T`, or `await import()`. */
export type ImportKind = 'static' | 'type' | 'dynamic';

export interface ImportRef {
  specifier: string;
  /** 1-based line of the import. */
  line: number;
  kind: ImportKind;
}

/** Every module specifier a TypeScript or JavaScript source names, in source order. */
export function importsOf(fileName: string, text: string): ImportRef[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const refs: ImportRef[] = [];
  const add = (node: ts.Node, specifier: ts.Node | undefined, kind: ImportKind) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    refs.push({ specifier: specifier.text, line, kind });
  };
  // Dynamic imports and import types sit anywhere in a file; most files have none.
  const deep = /\bimport\s*\(/.test(text);
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node, node.moduleSpecifier, isTypeOnlyImport(node) ? 'type' : 'static');
    else if (ts.isExportDeclaration(node)) add(node, node.moduleSpecifier, node.isTypeOnly ? 'type' : 'static');
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node, node.moduleReference.expression, node.isTypeOnly ? 'type' : 'static');
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node, node.arguments[0], 'dynamic');
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, node.argument.literal, 'type');
    if (deep) ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return refs;
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** `import type {…}`, or `import { type A, type B }` that brings in nothing but types. */
function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((e) => e.isTypeOnly)
  );
}

/** One import from a file to another file of the repository. */
export interface Edge {
  to: string;
  line: number;
  kind: ImportKind;
}

/** file → the files it imports (sorted keys give a stable report). */
export type ImportGraph = ReadonlyMap<string, readonly Edge[]>;

const STRENGTH: Record<ImportKind, number> = { static: 2, dynamic: 1, type: 0 };

/**
 * The graph of files: one edge per imported file, from the file's first import of it of the
 * strongest kind (a file imported both as a type and as a value is a value import).
 * `resolve` gives the file a specifier names, or null for a package or a non-source file.
 */
export function buildGraph(
  imports: ReadonlyMap<string, readonly ImportRef[]>,
  resolve: (from: string, specifier: string) => string | null,
): ImportGraph {
  const graph = new Map<string, Edge[]>();
  for (const [from, refs] of imports) {
    const edges = new Map<string, Edge>();
    for (const ref of refs) {
      const to = resolve(from, ref.specifier);
      if (to === null) continue;
      const known = edges.get(to);
      if (!known || STRENGTH[ref.kind] > STRENGTH[known.kind]) edges.set(to, { to, line: ref.line, kind: ref.kind });
    }
    graph.set(from, [...edges.values()]);
  }
  return graph;
}

/** Tarjan's strongly connected components, iteratively (no recursion limit on deep chains). */
export function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!.to;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component.sort());
      }
    }
  }
  return components;
}

/** A cycle as the imports that make it: each step's `from` imports its `to`, the last `to` is the first `from`. */
export type Cycle = { from: string; edge: Edge }[];

/**
 * The cycles to report: for each knot of files that import each other (a strongly connected
 * component), the shortest cycle through each of its files not yet on a reported cycle. Every
 * file of every knot appears, without listing the many longer cycles a big knot holds.
 */
export function findCycles(graph: ImportGraph): { knot: string[]; cycles: Cycle[] }[] {
  const knots = stronglyConnected(graph).filter(
    (c) => c.length > 1 || (graph.get(c[0]!) ?? []).some((e) => e.to === c[0]),
  );
  return knots
    .sort((a, b) => a[0]!.localeCompare(b[0]!))
    .map((knot) => {
      const members = new Set(knot);
      const covered = new Set<string>();
      const cycles: Cycle[] = [];
      for (const start of knot) {
        if (covered.has(start)) continue;
        const cycle = shortestCycle(graph, start, members);
        for (const step of cycle) covered.add(step.from);
        cycles.push(cycle);
      }
      return { knot, cycles };
    });
}

/** Breadth-first from `start` back to itself, staying inside its knot. */
function shortestCycle(graph: ImportGraph, start: string, members: ReadonlySet<string>): Cycle {
  const cameFrom = new Map<string, { from: string; edge: Edge }>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const edge of graph.get(node) ?? []) {
      if (!members.has(edge.to)) continue;
      if (edge.to === start) {
        const cycle: Cycle = [{ from: node, edge }];
        for (let at = node; at !== start;) {
          const step = cameFrom.get(at)!;
          cycle.unshift(step);
          at = step.from;
        }
        return cycle;
      }
      if (cameFrom.has(edge.to)) continue;
      cameFrom.set(edge.to, { from: node, edge });
      queue.push(edge.to);
    }
  }
  throw new Error(`${start} is on no cycle of its knot`);
}
