// A test of a real PostgreSQL, Redis, app or Chromium that fails is run once more at once, its first failure printed
// (decision 249). A defect fails both tries; a test that passes only on its second is listed at the end of `npm test`
// and in test-results/timings.json as flaky, to be fixed, not to be lived with.
jest.retryTimes(1, { logErrorsBeforeRetry: true, retryImmediately: true });
