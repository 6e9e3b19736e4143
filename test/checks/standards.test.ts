import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { findRequirement, requirements } from '../../src/checks/standards/requirements.js';
import { checksEnforcing, renderStandardsDoc } from '../doc-generator/standards-doc.js';
import { faults } from '../mutation-set/faults/catalogue.js';

const ids = (list: readonly { readonly id: string }[]) => list.map((item) => item.id);

describe('the standards matrix: every requirement checked or explained, every check proven', () => {
  it('docs/standards.md is what the requirements, the checks and the faults give today (run npm run docs to update it)', () => {
    const committed = readFileSync(new URL('../../docs/standards.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderStandardsDoc());
  });

  it('ids are unique and name their standard and section', () => {
    expect(new Set(ids(requirements)).size).toBe(requirements.length);
    for (const requirement of requirements) {
      expect(requirement.id).toMatch(/^(?:rfc\d{4}-[\d.]+|owasp-api\d+|unicode-[\d.]+-c\d+)-[a-z0-9]+(?:-[a-z0-9]+)*$/);
      // OWASP's items and Unicode's conformance clauses ("3.2 C7") are named in lower case, a clause after its section.
      const section = requirement.id.startsWith('rfc') ? requirement.section : requirement.section.toLowerCase().replaceAll(' ', '-');
      expect(requirement.id).toContain(`-${section}-`);
    }
  });

  it('every requirement is enforced by a check or says why none can', () => {
    const unexplained = requirements.filter((requirement) => checksEnforcing(requirement).length === 0 && !requirement.note);
    expect(ids(unexplained)).toEqual([]);
  });

  it('no check enforces a requirement no server can break where a client sees it', () => {
    const contradictions = requirements.filter((requirement) => !requirement.observable && checksEnforcing(requirement).length > 0);
    expect(ids(contradictions)).toEqual([]);
  });

  it('every requirement a check names exists', () => {
    const unknown = allChecks.flatMap((check) => check.standards.filter((id) => !findRequirement(id)).map((id) => `${check.id}: ${id}`));
    expect(unknown).toEqual([]);
  });

  it('every observable requirement a check enforces has a fault of the reference server that the check must catch', () => {
    const unproven = requirements
      .filter((requirement) => requirement.observable)
      .filter((requirement) => {
        const checks = new Set(ids(checksEnforcing(requirement)));
        return checks.size > 0 && !faults.some((fault) => checks.has(fault.expect.check));
      });
    expect(ids(unproven)).toEqual([]);
  });

  it('a fault breaks only requirements that exist and that its expected check enforces', () => {
    const wrong = faults.flatMap((fault) =>
      (fault.expect.breaks ?? [])
        .filter((id) => !allChecks.find((check) => check.id === fault.expect.check)?.standards.includes(id))
        .map((id) => `${fault.name} breaks ${id}, which ${fault.expect.check} does not enforce`),
    );
    expect(wrong).toEqual([]);
  });
});
