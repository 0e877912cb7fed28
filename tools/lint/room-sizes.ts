/**
 * The sizes STYLE.md and the "Walls in the server" issue hold the code to, as a pure check:
 * no folder of a workspace's `src` holds more than MAX_FILES_PER_FOLDER source files directly
 * (tests and declaration files aside), and no hand-written source file is longer than
 * MAX_LINES_PER_FILE lines (translation catalogues and the database schema's table types aside).
 */

export const MAX_FILES_PER_FOLDER = 15;
export const MAX_LINES_PER_FILE = 500;

const SOURCE = /\.(ts|tsx)$/;
const NOT_COUNTED_IN_FOLDERS = /\.(test|spec)\.tsx?$|\.d\.ts$/;
/** Files allowed past the line limit: data more than code, kept whole so they read as one table. */
export const LONG_FILES_ALLOWED: readonly RegExp[] = [
  /^apps\/web\/src\/i18n\//, // translation catalogues
  /^apps\/server\/src\/storage\/db\/schema\.ts$/, // Kysely table types, one per migration's table
];

export interface SourceFile {
  /** Repository-relative, '/'-separated. */
  path: string;
  lines: number;
}

export interface RoomProblem {
  path: string;
  message: string;
}

/** The folder of a path ('' for the root). */
const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/** Whether a folder is a workspace's `src` or below one. */
const inSrc = (folder: string) => /(^|\/)src(\/|$)/.test(folder);

export function roomProblems(files: readonly SourceFile[]): RoomProblem[] {
  const problems: RoomProblem[] = [];
  const perFolder = new Map<string, number>();
  for (const file of files) {
    if (!SOURCE.test(file.path)) continue;
    const folder = folderOf(file.path);
    if (inSrc(folder) && !NOT_COUNTED_IN_FOLDERS.test(file.path)) {
      perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
    }
    if (file.lines > MAX_LINES_PER_FILE && !LONG_FILES_ALLOWED.some((allowed) => allowed.test(file.path))) {
      problems.push({
        path: file.path,
        message: `${file.lines} lines (at most ${MAX_LINES_PER_FILE}): split it into modules`,
      });
    }
  }
  for (const [folder, count] of [...perFolder].sort(([a], [b]) => a.localeCompare(b))) {
    if (count > MAX_FILES_PER_FOLDER) {
      problems.push({
        path: `${folder}/`,
        message: `${count} source files directly (at most ${MAX_FILES_PER_FOLDER}): give them rooms (subfolders)`,
      });
    }
  }
  return problems;
}
