import { describe, expect, it } from 'vitest';
import { installCommand, missingPackages, plan, SYSTEM_PACKAGES, type Machine } from './system-packages.ts';

const ALL_FILES = SYSTEM_PACKAGES.flatMap((p) => p.files.map((anyOf) => anyOf[0]!));
const without =
  (...paths: string[]) =>
  (path: string) =>
    ALL_FILES.includes(path) && !paths.includes(path);
const names = (packages: readonly { name: string }[]) => packages.map((p) => p.name);

describe('missingPackages', () => {
  it('finds nothing missing when every file is there', () => {
    expect(missingPackages(SYSTEM_PACKAGES, without())).toEqual([]);
  });

  it('names each package with a missing file once', () => {
    const exists = without('/usr/bin/chromium', '/usr/bin/pdfinfo', '/usr/bin/pdftoppm', '/usr/sbin/nats-server');
    expect(names(missingPackages(SYSTEM_PACKAGES, exists))).toEqual(['chromium', 'poppler-utils', 'nats-server']);
  });

  it('takes either of LibreOffice’s commands', () => {
    const sofficeOnly = (path: string) => path === '/usr/bin/soffice' || without('/usr/bin/libreoffice')(path);
    expect(missingPackages(SYSTEM_PACKAGES, sofficeOnly)).toEqual([]);
    expect(names(missingPackages(SYSTEM_PACKAGES, without('/usr/bin/libreoffice')))).toEqual([
      'libreoffice-calc-nogui',
    ]);
  });
});

describe('plan', () => {
  const missing = SYSTEM_PACKAGES.filter((p) => p.name === 'chromium' || p.name === 'haproxy');
  const machine = (m: Partial<Machine>): Machine => ({ hasAptGet: true, isRoot: false, hasSudo: false, ...m });

  it('does nothing when nothing is missing', () => {
    expect(plan([], machine({}))).toEqual({ action: 'none' });
  });

  it('installs exactly the missing packages as root, or through sudo', () => {
    expect(plan(missing, machine({ isRoot: true }))).toMatchObject({
      action: 'install',
      sudo: false,
      packages: ['chromium', 'haproxy'],
    });
    expect(plan(missing, machine({ hasSudo: true }))).toMatchObject({ action: 'install', sudo: true });
  });

  it('stops with the one command to run when it may not install', () => {
    const stop = plan(missing, machine({}));
    expect(stop.action).toBe('stop');
    expect(stop.action === 'stop' && stop.message).toContain('\n  sudo apt-get install -y chromium haproxy\n');
    const notDebian = plan(missing, machine({ hasAptGet: false, isRoot: true }));
    expect(notDebian.action === 'stop' && notDebian.message).toContain('no apt-get');
  });

  it('writes the apt-get command', () => {
    expect(installCommand(['haproxy'], false)).toBe('apt-get install -y haproxy');
  });
});
