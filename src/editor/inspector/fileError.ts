// A file the inspector cannot read (a log to replay, the test suite's coverage): `key` is the
// message's locale key. Its own module: the test run's coverage recorder loads it while xstate is
// being mocked (tests/machineCoverage.setup.ts), so it must not import xstate.
export class LogFileError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}
