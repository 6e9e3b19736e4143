import { defineGroupSuite } from '../src/suite/define-group-suite.js';

defineGroupSuite('alpha-products');
