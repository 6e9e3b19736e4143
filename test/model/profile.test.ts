import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/checks/types.js';
import type { FlowContext, FlowOutcome } from '../../src/flows/flow.js';
import { profileFlow } from '../../src/model/profile.js';
import { exchangeOf } from '../support/exchange.js';

const CHANGE_BODY = { realName: '王晓明', email: 'wangxiaoming@163.com', department: '分析测试中心' };
const ORIGINAL = { id: 1, mobile: '13812345678', realName: '王晓明', email: 'wangxiaoming@163.com', department: '分析测试中心' };

/** A success envelope around `data`, as an exchange of a documented operation (the profile's are of 4.1). */
const answer = (data: object): Exchange => exchangeOf('login', { body: { data, error: {}, status: 'success', code: '200', message: 'ok' } });

/**
 * A member whose profile a change writes. `loadedAtArrival`: each change writes back the whole
 * profile as it was when the change arrived, once both changes in flight have arrived (a lost update).
 */
function member(options: { readonly loadedAtArrival?: boolean; readonly editUnshown?: boolean } = {}) {
  let profile: Record<string, unknown> = { ...ORIGINAL };
  const changes: Record<string, unknown>[] = [];
  let inFlight: (() => void)[] = [];
  const context: FlowContext = {
    seed: 5,
    mappedBody: () => undefined,
    secret: () => undefined,
    async call(operationId, payload) {
      if (operationId === 'member-basic-info') return answer({ ...profile });
      changes.push(payload);
      if (options.editUnshown && changes.length === 1) return answer({});
      if (!options.loadedAtArrival) {
        profile = { ...profile, ...payload };
        return answer({});
      }
      const loaded = { ...profile };
      // The second and third changes are the two sent at once: each waits for the other, so both load the profile before either saves it.
      const raced = changes.length === 2 || changes.length === 3;
      if (raced)
        await new Promise<void>((resolve) => {
          inFlight.push(resolve);
          if (inFlight.length < 2) return;
          for (const release of inFlight) release();
          inFlight = [];
        });
      profile = { ...loaded, ...payload };
      return answer({});
    },
  };
  return { context, changes, profile: () => profile };
}

const run = async (context: FlowContext): Promise<FlowOutcome> => {
  const flow = profileFlow(CHANGE_BODY);
  if (!flow) throw new Error('no profile flow for a body with two text fields');
  return flow.run(context);
};

describe("the member's profile as one record", () => {
  it('says nothing of a member whose changes hold, one by one and at once, and sets the profile back as found', async () => {
    const clean = member();
    const outcome = await run(clean.context);
    expect(outcome).toEqual({ completed: true, findings: [] });
    expect(clean.profile()).toEqual(ORIGINAL);
    // The email, which has a format of its own, is never changed.
    expect(clean.changes.every((change) => !('email' in change))).toBe(true);
  });

  it('reports an edit the next read does not show under model-edit-shown', async () => {
    const outcome = await run(member({ editUnshown: true }).context);
    expect(outcome.findings.map((finding) => [finding.by?.id, finding.instancePath])).toEqual([['model-edit-shown', '/data/realName']]);
  });

  it('reports two changes at once of which one is lost under model-race-linearizable, and still sets the profile back', async () => {
    const lossy = member({ loadedAtArrival: true });
    const outcome = await run(lossy.context);
    expect(outcome.findings.map((finding) => finding.by?.id)).toEqual(['model-race-linearizable']);
    expect(outcome.findings[0]?.steps?.map((step) => step.path)).toEqual([
      'model:read',
      'model:edit realName',
      'model:read',
      'model:edit realName at once',
      'model:edit department at once',
      'model:read',
    ]);
    expect(lossy.profile()).toEqual(ORIGINAL);
  });

  it('is no flow where the change names fewer than two text fields to change', () => {
    expect(profileFlow({ email: 'wangxiaoming@163.com', realName: '王晓明' })).toBeUndefined();
  });
});
