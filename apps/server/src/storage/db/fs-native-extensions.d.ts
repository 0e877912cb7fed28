// The package ships no types; only what storage/db/data-dir-lock.ts uses is declared.
declare module 'fs-native-extensions' {
  /**
   * An exclusive (or, with `shared`, a shared) lock on the whole file open as `fd`: true when
   * granted, false when another open file holds a conflicting lock.
   */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
}
