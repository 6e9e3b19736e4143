import { defineGroupSuite } from '../src/vitest-adapter/define-group-suite.js';

defineGroupSuite('beta-invoices');
