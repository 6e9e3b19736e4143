import { expect, it } from 'vitest';
import { currentApiSurface } from './api-surface.js';

// Held like undici's expectations file: any change, even a welcome one, fails until the page is
// written again on purpose (`npm run api-surface`) and its diff reviewed.
it('what the entry points of package.json export is what docs/api-surface.md holds (after a deliberate change, npm run api-surface writes it)', async () => {
  await expect(currentApiSurface()).toMatchFileSnapshot('../../docs/api-surface.md');
});
