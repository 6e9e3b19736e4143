/**
 * A password a flow chooses for an account it makes on the server is a secret of the run: it is
 * redacted wherever the flow's findings and steps are written, as the token is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { runFlow } from '../../src/engine/schedule/run-flow.js';
import { registrationAgain } from '../../src/flows/registration-again.js';
import { Redactor } from '../../src/redaction/redactor.js';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import { kitFor, testSettings } from '../support/kit.js';
import { referenceMapped } from '../support/through-proxy.js';

const TOKEN = 'flow-secrets-token-3a9c';
const servers: ReferenceServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A redactor that also remembers what it was asked to keep out. */
class RememberingRedactor extends Redactor {
  readonly learnt: string[] = [];
  override add(secret: string): void {
    this.learnt.push(secret);
    super.add(secret);
  }
}

describe("the passwords of a flow's own account", () => {
  it('are secrets before they are sent: a finding whose steps carry them writes neither', async () => {
    const server = await startReferenceServer({ token: TOKEN, host: '127.0.0.1', port: 0, fault: findFault('register-overwrites-existing-member')! });
    servers.push(server);
    const { client, context } = kitFor(testSettings(server.url, TOKEN));
    const redactor = new RememberingRedactor();
    redactor.add(TOKEN);
    try {
      const result = await runFlow(registrationAgain, { ...context, redactor, checks: allChecks, mapped: referenceMapped });
      expect(result.reason).toBeUndefined();
      expect(result.deviations.map((deviation) => deviation.check)).toContain('flow-registration-again');
      const passwords = redactor.learnt.filter((secret) => secret !== TOKEN);
      expect(passwords).toHaveLength(2);
      const written = JSON.stringify(result);
      for (const password of passwords) expect(written).not.toContain(password);
      expect(written).toContain('[REDACTED]');
    } finally {
      await client.close();
    }
  });
});
