import { defineGroupSuite } from '../src/vitest-adapter/define-group-suite.js';

defineGroupSuite('alpha-invoices');
