import { KitError } from '../../src/errors.js';

/** The KitError an action throws; any other outcome fails the test. */
export function kitErrorOf(action: () => unknown): KitError {
  try {
    action();
  } catch (error) {
    if (error instanceof KitError) return error;
    throw error;
  }
  throw new Error('expected a KitError');
}
