import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../apps/server/test/harness.ts';
import { launchBrowser } from './browser.ts';

export interface ConsoleUnderTest {
  readonly server: TestServer;
  readonly browser: Browser;
}

/**
 * A suite's real server (PGlite, demo fleet, the built console) and Chromium, started before
 * its tests and stopped after. `env` is read when the server starts, after the suite's earlier
 * beforeAll hooks (e.g. a local SMTP server whose port it names).
 */
export function consoleUnderTest(env: () => Record<string, string> = () => ({})): ConsoleUnderTest {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startTestServer('pglite', { JEJAK_WEB_DIST: 'apps/web/dist', ...env() });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server is not started yet');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started yet');
      return browser;
    },
  };
}
