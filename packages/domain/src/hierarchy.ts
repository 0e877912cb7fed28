/**
 * Users form a tree. `userHierarchy` is the path of uids from the root to the user,
 * joined by '#'; the parent is the path without its last segment (spec 1 §3).
 */
export const HIERARCHY_SEPARATOR = '#';

export function hierarchySegments(path: string): string[] {
  return path.split(HIERARCHY_SEPARATOR).filter((s) => s.length > 0);
}

export function childHierarchy(parentPath: string, uid: string): string {
  return parentPath ? `${parentPath}${HIERARCHY_SEPARATOR}${uid}` : uid;
}

export function parentHierarchy(path: string): string | null {
  const segments = hierarchySegments(path);
  return segments.length > 1 ? segments.slice(0, -1).join(HIERARCHY_SEPARATOR) : null;
}

export function parentUid(path: string): string | null {
  const segments = hierarchySegments(path);
  return segments.length > 1 ? (segments[segments.length - 2] ?? null) : null;
}

/** True when `targetPath` is the viewer itself or anywhere below it. */
export function isWithinSubtree(viewerPath: string, targetPath: string): boolean {
  return targetPath === viewerPath || targetPath.startsWith(viewerPath + HIERARCHY_SEPARATOR);
}
