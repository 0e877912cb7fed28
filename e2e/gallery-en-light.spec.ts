import { describe, it } from 'vitest';
import { FLOW_TIMEOUT_MS } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { walkScreens } from './gallery.ts';

/**
 * Every screen in English, light scheme, at 1440, 1024 and 390 px (issue 14 items 6 and 7). One file
 * per language and scheme, so the four walks run side by side rather than two after two.
 */
describe('every screen in English, light', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('fits every width', async () => {
    await walkScreens(ui.browser, ui.server.baseUrl, { language: 'en', theme: 'light' });
  });
});
