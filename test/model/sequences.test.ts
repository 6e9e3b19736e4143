import { describe, expect, it } from 'vitest';
import { readOperationMap } from '../../src/validation/operation-map-file.js';
import { referenceOperationMapFile } from '../../src/reference/map-file.js';
import { type Command, commandName, sequenceFor } from '../../src/model/commands.js';
import { recordSets } from '../../src/model/record-set.js';
import type { SequenceRun } from '../../src/model/run-sequence.js';
import { createdShown, othersUntouched } from '../../src/model/rules.js';
import { shrink } from '../../src/model/shrink.js';
import { keepStep } from '../../src/checks/kept-exchange.js';
import { MUTATION_SEEDS } from '../mutation-set/mutation.js';
import { exchangeOf } from '../support/exchange.js';

const sets = recordSets(readOperationMap(referenceOperationMapFile).flows, new Map([['custom-demand-detail', { demandId: 1 }]]));
/** The list answer a disagreement points at. */
const listAnswer = keepStep(exchangeOf('bank-card-list', { body: { data: { totalPage: 1, pageNo: 1, list: [] } } }));
const names = (commands: readonly Command[]) => commands.map(commandName).join(', ');

describe('the sequences of the model', () => {
  it('one set per create: the custom demands and the alpha orders of section 4 (with the detail of 4.1 as their lookup), then the map’s round trips', () => {
    expect(sets.map((set) => set.id)).toEqual(['custom-demand', 'alpha-order', 'invoice-profile', 'bank-card', 'consignee', 'consignment', 'purchase-order']);
    expect(sets[0]?.detail).toEqual({ operation: 'custom-demand-detail', body: { demandId: '${id}' } });
    expect(sets[0]?.predicted).toEqual({ pack: 'productPack', level: 'productLevel', nums: 'productNums', price: 'demandPrice' });
  });

  it('begin with the same skeleton under every seed, so that every rule is reached whatever the seed draws', () => {
    const skeleton =
      'create a, list, read a, list, create b, create c, create d as c, list, page a, edit a, edit a, read a, list, delete a, delete c, delete d, create e, list, page a, read a';
    for (const seed of MUTATION_SEEDS) {
      const bankCard = sets.find((set) => set.id === 'bank-card');
      expect(bankCard && names(sequenceFor(bankCard, seed)).startsWith(skeleton)).toBe(true);
      const purchase = sets.find((set) => set.id === 'purchase-order');
      expect(purchase && names(sequenceFor(purchase, seed)).startsWith('create a, list, list')).toBe(true);
    }
  });

  it('draw their values and extra commands from the seed: the same seed, the same sequence', () => {
    const [demand] = sets;
    if (!demand) throw new Error('no custom demand set');
    expect(sequenceFor(demand, 7)).toEqual(sequenceFor(demand, 7));
    expect(new Set(MUTATION_SEEDS.map((seed) => JSON.stringify(sequenceFor(demand, seed)))).size).toBeGreaterThan(1);
  });
});

describe('shrinking', () => {
  /** A server where record b shows a's edit: the disagreement needs a, b listed, the edit of a, and a list after it. */
  const replayed: string[] = [];
  const replay = async (commands: readonly Command[]): Promise<SequenceRun> => {
    replayed.push(names(commands));
    const at = commands.findIndex((command, index) => command.kind === 'list' && commands.slice(0, index).some((earlier) => earlier.kind === 'edit'));
    const needed = ['create a', 'create b', 'edit a'].every((name) => commands.some((command) => commandName(command) === name));
    const listedBoth = commands
      .slice(0, Math.max(at, 0))
      .some((command, index) => command.kind === 'list' && index > commands.findIndex((c) => commandName(c) === 'create b'));
    const steps: SequenceRun['steps'] = [];
    return needed && at >= 0 && listedBoth
      ? {
          failed: { at, disagreements: [{ by: othersUntouched, handle: 'b', instancePath: '', expected: '', actual: '', exchange: listAnswer }] },
          steps,
          calls: commands.length,
          sent: commands.map((_, index) => index),
        }
      : { steps, calls: commands.length, sent: commands.map((_, index) => index) };
  };

  it('drops commands while the disagreement remains, the one that disagreed kept, down to the shortest', async () => {
    const bankCard = sets.find((set) => set.id === 'bank-card');
    if (!bankCard) throw new Error('no bank card set');
    const commands = sequenceFor(bankCard, 1);
    const first = await replay(commands);
    if (!first.failed) throw new Error('the fake server shows nothing');
    const shortest = await shrink({ commands, run: { ...first, failed: first.failed } }, replay);
    expect(names(shortest.commands)).toBe('create a, create b, list, edit a, list');
    expect(shortest.run.failed.disagreements[0]?.by).toBe(othersUntouched);
    expect(new Set(replayed).size).toBe(replayed.length);
  });

  it('keeps the sequence it has once the budget is spent', async () => {
    const commands: Command[] = [{ kind: 'create', handle: 'a', values: {} }, { kind: 'list' }, { kind: 'list' }];
    const run: SequenceRun = {
      failed: { at: 2, disagreements: [{ by: createdShown, handle: 'a', instancePath: '', expected: '', actual: '', exchange: listAnswer }] },
      steps: [],
      calls: 3,
      sent: [0, 1, 2],
    };
    if (!run.failed) throw new Error('unreachable');
    const kept = await shrink({ commands, run: { ...run, failed: run.failed } }, async () => undefined);
    expect(names(kept.commands)).toBe('create a, list, list');
  });
});
