import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from './stored-choices.ts';

/** The console's colour scheme, chosen in Profile or the header (issue 14 item 6). */
export const THEME_MODES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

function stored(): ThemeMode {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    // Storage refused (private mode, a locked-down browser): the light scheme.
    return 'light';
  }
}

/** global.css picks its colour set from <html data-theme>; native controls follow color-scheme. */
function apply(mode: ThemeMode): void {
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
}

let current: ThemeMode = stored();
apply(current);
const listeners = new Set<() => void>();

export function setThemeMode(mode: ThemeMode): void {
  current = mode;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Not remembered, but applied for this page.
  }
  apply(mode);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The colour scheme in use; the component re-renders when it changes. */
export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(subscribe, () => current);
}
