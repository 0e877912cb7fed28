import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSimulator, type RunningSimulator } from '@jejak/simulator';
import { demoSimulations } from '../apps/server/src/demo/demo-simulation.ts';
import { demoImeis } from '../apps/server/src/demo/seed.ts';
import { startTestServer, type TestServer } from '../apps/server/test/harness.ts';
import { startSmtpSink } from '../apps/server/test/smtp-sink.ts';

type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
import { expectNoCspViolations, launchBrowser, reportOpenPages } from './browser.ts';

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
  // A failed flow leaves its pages open: say where each stood, so a CI log alone explains it.
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && browser) await reportOpenPages(browser, context.task.name);
  });
  // Every flow also checks the console kept within its Content-Security-Policy (ADR 0035).
  afterEach(() => expectNoCspViolations(browser));
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

/**
 * As consoleUnderTest, with the demo fleet driven by the simulator (a fix a second each): the
 * GT06 trackers without the demo's SOS presses and speeder, and the fuel trackers over Teltonika.
 */
export function drivenConsoleUnderTest(): ConsoleUnderTest {
  const ui = consoleUnderTest();
  const sims: RunningSimulator[] = [];
  beforeAll(() => {
    sims.push(
      startSimulator({
        host: '127.0.0.1',
        port: ui.server.gt06Port,
        devices: demoImeis().map((imei, i) => ({ imei, seed: i + 1 })),
        intervalMs: 1000,
        heartbeatEveryMs: 0,
      }),
    );
    const fuel = demoSimulations({
      host: '127.0.0.1',
      gt06Port: ui.server.gt06Port,
      teltonikaPort: ui.server.app.gatewayPorts.teltonika,
      intervalMs: 1000,
      heartbeatEveryMs: 0,
    }).find((options) => options.protocol === 'teltonika');
    if (fuel) sims.push(startSimulator(fuel));
  });
  // After hooks run in reverse: the simulators stop before the server.
  afterAll(async () => {
    await Promise.all(sims.map((sim) => sim.stop()));
  });
  return ui;
}

/** As consoleUnderTest, with a local SMTP server the console's server mails to; `sink` reads what arrived. */
export function mailingConsoleUnderTest(): ConsoleUnderTest & { readonly sink: SmtpSink } {
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });
  const ui = consoleUnderTest(() => ({ JEJAK_SMTP_HOST: '127.0.0.1', JEJAK_SMTP_PORT: String(sink?.port) }));
  return {
    get server() {
      return ui.server;
    },
    get browser() {
      return ui.browser;
    },
    get sink() {
      if (!sink) throw new Error('the SMTP server is not started yet');
      return sink;
    },
  };
}
