/**
 * Fails when a source folder or file outgrows its room (room-sizes.ts); `npm run lint` runs it.
 * Reads every file git knows of or would add (tracked or untracked, not ignored).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MAX_FILES_PER_FOLDER, MAX_LINES_PER_FILE, roomProblems, type SourceFile } from './room-sizes.ts';

const ROOT = resolve(import.meta.dirname, '../..');

const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: ROOT,
  maxBuffer: 64 * 1024 * 1024,
})
  .toString('utf8')
  .split('\0')
  .filter((path) => /\.(ts|tsx)$/.test(path) && existsSync(join(ROOT, path)));

const files: SourceFile[] = listed.map((path) => ({
  path,
  lines: readFileSync(join(ROOT, path), 'utf8').split('\n').length - 1,
}));
const problems = roomProblems(files);
for (const p of problems) console.error(`  ${p.path}: ${p.message}`);
if (problems.length > 0) {
  console.error(`\n✖ ${problems.length} rooms too full (${files.length} files).`);
  process.exit(1);
}
console.log(
  `Rooms: every src folder at most ${MAX_FILES_PER_FOLDER} source files, every file at most ${MAX_LINES_PER_FILE} lines (${files.length} files).`,
);
