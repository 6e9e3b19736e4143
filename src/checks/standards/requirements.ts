import { httpRequirements } from './http.js';
import { jsonRequirements } from './json.js';
import { owaspRequirements } from './owasp.js';
import type { Requirement } from './requirement.js';

/** Every requirement of the standards an OTP exchange rests on, in the order docs/standards.md shows them. */
export const requirements: readonly Requirement[] = [...jsonRequirements, ...httpRequirements, ...owaspRequirements];

/** The id of a requirement of the catalogue: a check or a fault that names another does not compile. */
export type RequirementId = (typeof jsonRequirements)[number]['id'] | (typeof httpRequirements)[number]['id'] | (typeof owaspRequirements)[number]['id'];

export function findRequirement(id: string): Requirement | undefined {
  return requirements.find((requirement) => requirement.id === id);
}
