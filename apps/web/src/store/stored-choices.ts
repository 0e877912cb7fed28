/**
 * Where the browser remembers the user's language and colour scheme (Profile, issue 14 item 6);
 * both outlive the session. A module of its own so tests can name the keys without the app.
 */
export const LANGUAGE_STORAGE_KEY = 'jejak.language';
export const THEME_STORAGE_KEY = 'jejak.theme';
