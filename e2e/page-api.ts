import type { Page } from 'playwright-core';

/** A POST to /api{path} from inside the page, with its session cookie: what the console itself sends. */
export async function postFromPage<T = Record<string, unknown>>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as T;
    },
    { path, body },
  );
}

/** The signed-in user's uid. */
export async function myUid(page: Page): Promise<string> {
  return (await postFromPage<{ user: { uid: string } }>(page, '/auth/session', {})).user.uid;
}

/** Opens a route with navigation state, as the console's own links do (react-router keeps it in `usr`). */
export async function openWithState(page: Page, path: string, state: Record<string, string>): Promise<void> {
  await page.evaluate(
    ({ path, state }) => {
      const entry = { usr: state, key: 'e2e', idx: 1 };
      window.history.pushState(entry, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: entry }));
    },
    { path, state },
  );
}
