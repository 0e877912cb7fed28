/**
 * The Debian packages the tests need beyond npm, and what to do when some are missing: the pure
 * part of tools/setup/ensure-system.ts.
 */

export interface SystemPackage {
  /** The Debian package. */
  name: string;
  /** The tests that need it. */
  usedBy: string;
  /** Files the package installs that the tests run; each entry is satisfied by any one of its paths. */
  files: readonly (readonly string[])[];
}

/** The paths are the ones the tests look for (e2e/browser.ts, tools/office, tools/testing, poppler.ts). */
export const SYSTEM_PACKAGES: readonly SystemPackage[] = [
  { name: 'chromium', usedBy: 'browser tests', files: [['/usr/bin/chromium']] },
  {
    name: 'libreoffice-calc-nogui',
    usedBy: 'spreadsheet exports read back',
    files: [['/usr/bin/libreoffice', '/usr/bin/soffice']],
  },
  {
    name: 'poppler-utils',
    usedBy: 'PDF exports read back',
    files: [['/usr/bin/pdftotext'], ['/usr/bin/pdfinfo'], ['/usr/bin/pdftoppm']],
  },
  { name: 'haproxy', usedBy: 'scale-out failure tests', files: [['/usr/sbin/haproxy']] },
  { name: 'nats-server', usedBy: 'scale-out and bus tests', files: [['/usr/sbin/nats-server']] },
];

export function missingPackages(
  packages: readonly SystemPackage[],
  isExecutable: (path: string) => boolean,
): SystemPackage[] {
  return packages.filter((p) => !p.files.every((anyOf) => anyOf.some(isExecutable)));
}

/** What this machine allows: whether it is Debian-like, and how apt-get can be run as root. */
export interface Machine {
  hasAptGet: boolean;
  isRoot: boolean;
  /** `sudo -n true` succeeds: sudo without a password prompt. */
  hasSudo: boolean;
}

export type Plan =
  | { action: 'none' }
  | { action: 'install'; sudo: boolean; packages: string[]; message: string }
  | { action: 'stop'; message: string };

export const installCommand = (packages: readonly string[], sudo: boolean): string =>
  `${sudo ? 'sudo ' : ''}apt-get install -y ${packages.join(' ')}`;

const listed = (missing: readonly SystemPackage[]) => missing.map((p) => `${p.name} (${p.usedBy})`).join(', ');

export function plan(missing: readonly SystemPackage[], machine: Machine): Plan {
  if (missing.length === 0) return { action: 'none' };
  const packages = missing.map((p) => p.name);
  if (machine.hasAptGet && (machine.isRoot || machine.hasSudo)) {
    const sudo = !machine.isRoot;
    return {
      action: 'install',
      sudo,
      packages,
      message: `Installing ${listed(missing)}: ${installCommand(packages, sudo)}`,
    };
  }
  const why = machine.hasAptGet
    ? 'and installing them needs root'
    : 'and this machine has no apt-get (the tests expect Debian or a Debian-based system)';
  return {
    action: 'stop',
    message: `The tests need Debian packages that are missing: ${listed(missing)}, ${why}. Run:\n\n  ${installCommand(packages, true)}\n`,
  };
}
