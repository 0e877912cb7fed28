import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { ms } from '../i18n/ms.ts';
import { emptyListText } from './empty-text.ts';

describe('emptyListText', () => {
  it('says what to do next when there is nothing, and to clear the filters when they hide everything', () => {
    const texts = { none: en.empty.vehicles, noMatch: en.empty.noMatch };
    expect(emptyListText(0, texts)).toBe('No vehicles yet. Add one with Add New Vehicle.');
    expect(emptyListText(3, texts)).toBe('Nothing matches. Clear the search or the filters to see every row.');
  });

  it('names the buttons as the screens label them, in both languages', () => {
    expect(en.empty.vehicles).toContain(en.management.addVehicle);
    expect(en.empty.devices).toContain(en.management.addDevice);
    expect(en.empty.notifications).toContain(en.rules.notificationsTab.add);
    expect(ms.empty.vehicles).toContain(ms.management.addVehicle);
    expect(ms.empty.devices).toContain(ms.management.addDevice);
    expect(ms.empty.notifications).toContain(ms.rules.notificationsTab.add);
    expect(en.empty.userVehicles).toContain(en.users.addVehicle);
    expect(ms.empty.userDevices).toContain(ms.users.addDevice);
  });
});
