import { describe, expect, it } from 'vitest';
import { MAX_FILES_PER_FOLDER, roomProblems, type SourceFile } from './room-sizes.ts';

const files = (folder: string, n: number, name = (i: number) => `m${i}.ts`): SourceFile[] =>
  Array.from({ length: n }, (_, i) => ({ path: `${folder}/${name(i)}`, lines: 10 }));

describe('roomProblems', () => {
  it('allows a src folder of exactly the limit, and flags one file more', () => {
    expect(roomProblems(files('apps/server/src/storage', MAX_FILES_PER_FOLDER))).toEqual([]);
    expect(roomProblems(files('apps/server/src/storage', MAX_FILES_PER_FOLDER + 1))).toEqual([
      { path: 'apps/server/src/storage/', message: expect.stringContaining('16 source files') as string },
    ]);
  });

  it('does not count tests and declaration files, nor folders outside a src', () => {
    const tests = files('packages/domain/src/geo', 20, (i) => `m${i}.test.ts`);
    const decls = files('packages/domain/src/geo', 20, (i) => `m${i}.d.ts`);
    expect(roomProblems([...tests, ...decls, ...files('apps/server/test', 40), ...files('e2e', 40)])).toEqual([]);
  });

  it('counts only the files directly in a folder, not those of its subfolders', () => {
    const split = [...files('apps/server/src/services', 10), ...files('apps/server/src/services/fleet', 10)];
    expect(roomProblems(split)).toEqual([]);
  });

  it('flags a file over 500 lines, except the catalogues and the schema', () => {
    const long = (path: string): SourceFile => ({ path, lines: 501 });
    expect(
      roomProblems([
        long('apps/server/src/pipeline/pipeline.ts'),
        long('apps/web/src/i18n/ms/spec/ms-spec-texts.ts'),
        long('apps/server/src/storage/db/schema.ts'),
        { path: 'tools/fuzz/fuzz.ts', lines: 500 },
      ]),
    ).toEqual([
      { path: 'apps/server/src/pipeline/pipeline.ts', message: expect.stringContaining('501 lines') as string },
    ]);
  });
});
