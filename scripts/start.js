// `npm start`: dist/ built first when a source changed since the last build, then the kit, in one
// process (a second Node process for the check alone would cost more than the check).
import { buildIfStale } from './build-if-stale.js';

buildIfStale();
await import('../bin/otp-conformance.js');
