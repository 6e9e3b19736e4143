import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';

/**
 * Flags for a closed network: without the background-networking ones Chromium keeps trying to reach
 * Google's hosts. Playwright adds a fresh --user-data-dir in the temp dir and removes it on close.
 * `@sparticuz/chromium`'s own `args` are not used: they are tuned for AWS Lambda and include
 * --disable-web-security and --allow-running-insecure-content, which would void what the report test
 * checks (the report's Content-Security-Policy, no script from the server running). Of them, its
 * headless shell needs only --headless and --no-sandbox, which are here.
 */
const closedNetworkFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium for the kit's own tests. By default the one `@sparticuz/chromium` ships inside its
 * npm tarball, so `npm ci` is the only set-up; CHROMIUM_PATH runs another (e.g. Debian's /usr/bin/chromium).
 */
export async function launchHeadlessChromium(): Promise<Browser> {
  const systemChromium = process.env.CHROMIUM_PATH;
  if (systemChromium) {
    if (!existsSync(systemChromium)) throw new Error(`CHROMIUM_PATH is ${systemChromium}, where there is no file: unset it to use the Chromium from npm.`);
    return chromium.launch({ executablePath: systemChromium, args: closedNetworkFlags });
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `@sparticuz/chromium ships Chromium for Linux x64 only, not ${process.platform} ${process.arch}: set CHROMIUM_PATH to a Chromium or Chrome.`,
    );
  }
  const unpacked = unpackPackagedChromium();
  return chromium.launch({
    executablePath: unpacked.executablePath,
    args: closedNetworkFlags,
    env: { ...process.env, LD_LIBRARY_PATH: unpacked.libraryPath, FONTCONFIG_FILE: unpacked.fontConfigFile },
  });
}

interface UnpackedChromium {
  readonly executablePath: string;
  /** NSS and expat as the binary was built against: a machine with only Node may not have them. */
  readonly libraryPath: string;
  /** The fonts shipped with the binary first, then the machine's own if it has any. */
  readonly fontConfigFile: string;
}

/**
 * Unpacks the Brotli-compressed binary, libraries and fonts of `@sparticuz/chromium` into a folder of
 * the temp dir named after its version, once. The package's own `executablePath()` unpacks to
 * /tmp/chromium and reuses whatever file is there: a binary of another version, or one half written
 * by a run that was interrupted or is running beside this one. Here the folder is filled under another
 * name and renamed into place when complete, so a run sees the whole binary or none.
 */
function unpackPackagedChromium(): UnpackedChromium {
  const packageRoot = join(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', '..');
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
  const bin = join(packageRoot, 'bin');
  const target = join(tmpdir(), `otp-conformance-chromium-${version}`);
  const unpacked = {
    executablePath: join(target, 'chromium'),
    libraryPath: join(target, 'lib'),
    fontConfigFile: join(target, 'fonts.conf'),
  };
  if (existsSync(unpacked.executablePath) && existsSync(unpacked.fontConfigFile)) return unpacked;
  // A folder with parts missing (a temp-dir cleaner takes files by age) is unpacked again.
  rmSync(target, { recursive: true, force: true });

  const staging = mkdtempSync(`${target}.partial-`);
  try {
    writeFileSync(join(staging, 'chromium'), brotliDecompressSync(readFileSync(join(bin, 'chromium.br'))), { mode: 0o755 });
    extractTar(brotliDecompressSync(readFileSync(join(bin, 'al2023.tar.br'))), staging);
    extractTar(brotliDecompressSync(readFileSync(join(bin, 'fonts.tar.br'))), staging);
    writeFileSync(
      join(staging, 'fonts.conf'),
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        '<fontconfig>',
        `  <dir>${join(target, 'fonts')}</dir>`,
        `  <cachedir>${join(target, 'fonts-cache')}</cachedir>`,
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
        '</fontconfig>',
        '',
      ].join('\n'),
    );
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another run renamed its complete copy into place first: use that one.
    if (!existsSync(target)) throw error;
  }
  return unpacked;
}

/** The ustar archives the package ships hold only plain files and folders with short names. */
function extractTar(archive: Buffer, into: string): void {
  const block = 512;
  for (let offset = 0; offset + block <= archive.length;) {
    const header = archive.subarray(offset, offset + block);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const name = join(field(345, 155), field(0, 100));
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const path = join(into, name);
    if (!path.startsWith(into + '/')) throw new Error(`Archive entry ${name} points outside ${into}.`);
    if (type === '5') mkdirSync(path, { recursive: true });
    else if (type === '0') {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, archive.subarray(offset + block, offset + block + size), { mode: Number.parseInt(field(100, 8).trim() || '644', 8) });
    } else throw new Error(`Archive entry ${name} is of tar type ${type}, which this unpacker does not handle.`);
    offset += block + Math.ceil(size / block) * block;
  }
}
