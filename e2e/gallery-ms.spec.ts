import { describe, it } from 'vitest';
import { FLOW_TIMEOUT_MS } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { walkScreens } from './gallery.ts';

/** Every screen in Bahasa Malaysia, light and dark, at 1440, 1024 and 390 px (issue 14 items 6 and 7). */
describe('every screen in Bahasa Malaysia', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('fits every width in the light scheme', async () => {
    await walkScreens(ui.browser, ui.server.baseUrl, { language: 'ms', theme: 'light' });
  });

  it('fits every width in the dark scheme', async () => {
    await walkScreens(ui.browser, ui.server.baseUrl, { language: 'ms', theme: 'dark' });
  });
});
