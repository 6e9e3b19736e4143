import * as undici from 'undici';
import { describe, expect, it } from 'vitest';
import Pool from 'undici/lib/dispatcher/pool.js';

// src/client/dispatcher.ts loads the pool from its own file, not from undici's index: a release of
// undici that moves it fails here, by name, rather than in every test that sends.
describe("the pool loaded from undici's own file", () => {
  it('is the class undici exports', () => {
    expect(Pool).toBe(undici.Pool);
  });
});
