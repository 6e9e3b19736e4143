import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../src/report/html.js';
import { launchHeadlessChromium } from '../support/chromium.js';
import { sampleReport } from './fixture.js';

const reportsDir = fileURLToPath(new URL('../../reports/', import.meta.url));

/** The browser globals the page functions below use: the project's `lib` has no DOM, on purpose. */
type PageGlobals = typeof globalThis & {
  __pwned?: unknown;
  navigator: object;
  document: { scripts: { length: number } };
  getSelection(): { toString(): string } | null;
  getComputedStyle(element: unknown): { backgroundColor: string };
};

interface OpenedPage {
  readonly page: Page;
  /** Console errors and uncaught exceptions: a CSP refusal or a script bug shows up here. */
  readonly errors: string[];
  readonly requests: string[];
}

describe(`the HTML report in headless Chromium (${process.env.CHROMIUM_PATH ?? '@sparticuz/chromium'})`, { timeout: 60_000 }, () => {
  let browser: Browser | undefined;
  let dir: string;
  let url: string;
  const pages: Page[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'otp-html-report-'));
    const file = join(dir, 'report.html');
    writeFileSync(file, renderHtmlReport(sampleReport()));
    url = pathToFileURL(file).href;
    browser = await launchHeadlessChromium();
  }, 60_000);

  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.close()));
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(options: { withoutClipboard?: boolean } = {}): Promise<OpenedPage> {
    const page = await browser!.newPage({ viewport: { width: 1400, height: 900 } });
    pages.push(page);
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
    page.on('request', (request) => requests.push(request.url()));
    if (options.withoutClipboard)
      await page.addInitScript(() => Object.defineProperty((globalThis as PageGlobals).navigator, 'clipboard', { value: undefined }));
    await page.goto(url);
    return { page, errors, requests };
  }

  const pwned = (page: Page) => page.evaluate(() => (globalThis as PageGlobals).__pwned);
  const isOpen = (details: Locator) => details.evaluate((el) => (el as { open?: boolean }).open);
  const deviation = (check: string) => `#deviations .deviation[data-check="${check}"]`;
  const visibleDeviations = (page: Page) => page.locator('#deviations .deviation:visible');

  it('loads without errors, fetches nothing but itself and runs no script from the server', async () => {
    const { page, errors, requests } = await open();
    expect(errors).toEqual([]);
    expect(requests).toEqual([url]);
    expect(await pwned(page)).toBeUndefined();
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as PageGlobals).document.scripts.length)).toBe(1);
    expect(await page.locator('#deviations-shown').textContent()).toBe('7 of 7 shown');
  });

  it('shows each operation × check with its count and colour', async () => {
    const { page } = await open();
    const cell = (operation: string, check: string) => page.locator(`#matrix td[data-operation="${operation}"][data-check="${check}"]`);
    const expectCell = async (operation: string, check: string, count: string, state: string) => {
      await expect.poll(() => cell(operation, check).getAttribute('data-count')).toBe(count);
      expect(await cell(operation, check).getAttribute('class')).toContain(`cell-${state}`);
    };
    await expectCell('/pc/custom_demand/list', 'data-schema', '1', 'error');
    await expectCell('/pc/custom_demand/list', 'markup-echo', '1', 'warning');
    await expectCell('/pc/custom_demand/list', 'json-content-type', '0', 'passed');
    await expectCell('/openapi/alpha/orders/getAlphaOrders', 'sample-types', '1', 'warning');
    await expectCell('/openapi/beta/products/getProductsByBrandId', 'operation-verified', '1', 'info');
    await expectCell('/openapi/beta/products/getProductsByBrandId', 'data-schema', '0', 'skipped');
    await expectCell('/openapi/beta/products/getProductsByBrandId', 'page-size-bound', '0', 'na');
    // The style sheet is allowed by its hash: an error cell is really red.
    const background = await cell('/pc/custom_demand/list', 'data-schema').evaluate((el) => (globalThis as PageGlobals).getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(227, 93, 82)');
  });

  it('hides what the severity, group and check filters leave out', async () => {
    const { page, errors } = await open();
    await page.uncheck('#filter-severity-info');
    await expect.poll(() => page.locator(deviation('operation-verified')).isHidden()).toBe(true);
    expect(await visibleDeviations(page).count()).toBe(6);
    expect(await page.locator('#deviations-shown').textContent()).toBe('6 of 7 shown');

    await page.selectOption('#filter-group', 'alpha-orders');
    const groups = await visibleDeviations(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-group')));
    expect(groups).toEqual(['alpha-orders', 'alpha-orders']);
    expect(await page.locator('#matrix tr.op-row.dim').count()).toBe(2);
    expect(await page.locator('#matrix tr[data-operation="/openapi/alpha/orders/getAlphaOrders"]').getAttribute('class')).not.toContain('dim');

    await page.selectOption('#filter-group', '');
    await page.selectOption('#filter-check', 'data-schema');
    const checks = await visibleDeviations(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-check')));
    expect(checks).toEqual(['data-schema', 'data-schema']);
    expect(await page.locator('#matrix td[data-check="data-schema"].dim').count()).toBe(0);
    expect(await page.locator('#matrix td[data-check="markup-echo"].dim').count()).toBe(3);

    await page.selectOption('#filter-check', 'operation-verified');
    expect(await visibleDeviations(page).count()).toBe(0);
    expect(await page.locator('#deviations-none').isVisible()).toBe(true);

    await page.check('#filter-severity-info');
    await page.selectOption('#filter-check', '');
    expect(await visibleDeviations(page).count()).toBe(7);
    expect(errors).toEqual([]);
  });

  it('expands a deviation on click and shows its curl repro', async () => {
    const { page } = await open();
    const first = page.locator('#deviations .deviation').first();
    expect(await isOpen(first)).toBe(false);
    expect(await first.locator('pre.repro').isVisible()).toBe(false);
    await first.locator('summary').click();
    expect(await isOpen(first)).toBe(true);
    expect(await first.locator('pre.repro').isVisible()).toBe(true);
    expect(await first.locator('pre.repro').textContent()).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:8080\/\/pc\/custom_demand\/list'/);
  });

  it('shows hostile markup as text: expanding it runs nothing', async () => {
    const { page, errors } = await open();
    const hostile = page.locator(deviation('markup-echo'));
    await hostile.locator('summary').click();
    expect(await isOpen(hostile)).toBe(true);
    expect(await hostile.locator('pre.headers').last().textContent()).toContain(
      'x-echo: <script>window.__pwned = 1</script>"><img src=x onerror="window.__pwned=2">',
    );
    expect(await hostile.locator('pre.body').last().textContent()).toContain('<script>window.__pwned = 1</script>');
    expect(await pwned(page)).toBeUndefined();
    expect(await page.locator('img').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('copies the repro, or selects it when there is no clipboard, without an error', async () => {
    for (const withoutClipboard of [false, true]) {
      const { page, errors } = await open({ withoutClipboard });
      const hostile = page.locator(deviation('markup-echo'));
      await hostile.locator('summary').click();
      const button = hostile.locator('.copyable:has(pre.repro) button.copy');
      await button.click();
      await expect.poll(() => button.textContent()).not.toBe('Copy');
      if (withoutClipboard) {
        expect(await button.textContent()).toBe('Selected: press Ctrl+C');
        expect(await page.evaluate(() => (globalThis as PageGlobals).getSelection()?.toString())).toBe(await hostile.locator('pre.repro').textContent());
      } else expect(['Copied', 'Selected: press Ctrl+C']).toContain(await button.textContent());
      expect(errors).toEqual([]);
    }
  });

  it('looks like a report (screenshot in reports/report-screenshot.png)', async () => {
    const { page, errors } = await open();
    await page.locator(`${deviation('markup-echo')} summary`).click();
    mkdirSync(reportsDir, { recursive: true });
    await page.screenshot({ path: join(reportsDir, 'report-screenshot.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
