import { describe, expect, it } from 'vitest';
import { buildGraph, findCycles, importsOf, stronglyConnected, type Edge, type ImportGraph } from './import-graph.ts';

const graphOf = (edges: Record<string, string[]>): ImportGraph =>
  new Map(Object.entries(edges).map(([from, tos]) => [from, tos.map((to): Edge => ({ to, line: 1, kind: 'static' }))]));

describe('importsOf', () => {
  it('finds every way a file names another, with its line and kind', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import { type C, type D } from './c.ts';",
      "import { type E, f } from './e.ts';",
      "export { g } from './g.ts';",
      "export type { H } from './h.ts';",
      "import './side-effect.ts';",
      "import * as zod from 'zod';",
      'export async function load(): Promise<unknown> {',
      "  const { x } = await import('./lazy.ts');",
      "  return x as import('./typed.ts').T;",
      '}',
    ].join('\n');
    expect(importsOf('m.ts', text)).toEqual([
      { specifier: './a.ts', line: 1, kind: 'static' },
      { specifier: './b.ts', line: 2, kind: 'type' },
      { specifier: './c.ts', line: 3, kind: 'type' },
      { specifier: './e.ts', line: 4, kind: 'static' },
      { specifier: './g.ts', line: 5, kind: 'static' },
      { specifier: './h.ts', line: 6, kind: 'type' },
      { specifier: './side-effect.ts', line: 7, kind: 'static' },
      { specifier: 'zod', line: 8, kind: 'static' },
      { specifier: './lazy.ts', line: 10, kind: 'dynamic' },
      { specifier: './typed.ts', line: 11, kind: 'type' },
    ]);
  });

  it('reads JSX', () => {
    const text = "import { Panel } from './Panel.tsx';\nexport const App = () => <Panel />;\n";
    expect(importsOf('App.tsx', text)).toEqual([{ specifier: './Panel.tsx', line: 1, kind: 'static' }]);
  });
});

describe('buildGraph', () => {
  it('keeps one edge per imported file, the strongest kind, and drops what does not resolve', () => {
    const imports = new Map([
      [
        'a.ts',
        [
          { specifier: './b.ts', line: 1, kind: 'type' as const },
          { specifier: 'zod', line: 2, kind: 'static' as const },
          { specifier: './b.ts', line: 3, kind: 'static' as const },
        ],
      ],
      ['b.ts', []],
    ]);
    const graph = buildGraph(imports, (_, s) => (s.startsWith('./') ? s.slice(2) : null));
    expect(graph.get('a.ts')).toEqual([{ to: 'b.ts', line: 3, kind: 'static' }]);
  });
});

describe('stronglyConnected', () => {
  it('groups the files that reach each other', () => {
    const graph = graphOf({ a: ['b'], b: ['c'], c: ['a', 'd'], d: ['e'], e: ['d'], f: ['a'] });
    expect(stronglyConnected(graph).sort()).toEqual([['a', 'b', 'c'], ['d', 'e'], ['f']]);
  });

  it('walks a chain deeper than the call stack would allow', () => {
    const n = 100_000;
    const edges: Record<string, string[]> = {};
    for (let i = 0; i < n; i++) edges[`f${i}`] = [`f${(i + 1) % n}`];
    expect(stronglyConnected(graphOf(edges))).toHaveLength(1);
  });
});

describe('findCycles', () => {
  it('finds none in a graph without cycles', () => {
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('reports a file that imports itself', () => {
    const knots = findCycles(graphOf({ a: ['a'] }));
    expect(knots.map((k) => k.knot)).toEqual([['a']]);
  });

  it('gives each file of a knot the shortest cycle through it, as a chain of imports', () => {
    // A registry and the protocols that import its types: one knot, one cycle per protocol.
    const graph = graphOf({ registry: ['p1', 'p2'], p1: ['registry'], p2: ['registry'], other: [] });
    const [knot, ...rest] = findCycles(graph);
    expect(rest).toEqual([]);
    expect(knot?.knot).toEqual(['p1', 'p2', 'registry']);
    expect(knot?.cycles.map((c) => c.map((step) => `${step.from}→${step.edge.to}`))).toEqual([
      ['p1→registry', 'registry→p1'],
      ['p2→registry', 'registry→p2'],
    ]);
  });

  it('counts type-only imports', () => {
    const graph: ImportGraph = new Map([
      ['a', [{ to: 'b', line: 4, kind: 'static' }]],
      ['b', [{ to: 'a', line: 2, kind: 'type' }]],
    ]);
    expect(findCycles(graph)[0]?.cycles).toEqual([
      [
        { from: 'a', edge: { to: 'b', line: 4, kind: 'static' } },
        { from: 'b', edge: { to: 'a', line: 2, kind: 'type' } },
      ],
    ]);
  });
});
