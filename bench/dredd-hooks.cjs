// Dredd's hooks for the bench's Dredd section (bench/dredd.ts): what a Swagger description cannot say.
const hooks = require('hooks');

/** Paths under /pc and /auth are called with a doubled slash after the base address (4). */
const DOUBLED = /^\/+(pc|auth)\//;

hooks.beforeEach((transaction, done) => {
  // 5 rule 2: the word bearer directly followed by the token, with no space.
  transaction.request.headers.authorization = `bearer${process.env.OTP_BENCH_TOKEN}`;
  if (DOUBLED.test(transaction.request.uri)) {
    transaction.request.uri = transaction.request.uri.replace(DOUBLED, '//$1/');
    transaction.fullPath = transaction.request.uri;
  }
  done();
});
