import { describe, expect, it } from 'vitest';
import { Turns } from '../../src/client/turns.js';

describe('turns', () => {
  it('lets `limit` holders in at once, and the rest in the order they asked as turns come back', async () => {
    const turns = new Turns(2);
    const holders: string[] = [];
    const taking = ['a', 'b', 'c', 'd'].map((name) => turns.take().then(() => void holders.push(name)));
    await Promise.all(taking.slice(0, 2));
    expect(holders).toEqual(['a', 'b']);
    turns.give();
    await taking[2];
    expect(holders).toEqual(['a', 'b', 'c']);
    turns.give();
    await taking[3];
    expect(holders).toEqual(['a', 'b', 'c', 'd']);
  });

  it('has a turn free again once one is given back with no one waiting', async () => {
    const turns = new Turns(1);
    await turns.take();
    turns.give();
    let held = false;
    await turns.take().then(() => (held = true));
    expect(held).toBe(true);
  });
});
