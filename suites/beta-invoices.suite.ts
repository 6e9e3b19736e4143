import { defineGroupSuite } from '../src/suite/define-group-suite.js';

defineGroupSuite('beta-invoices');
