import { fuzzShard } from './contract-fuzz';

// One app per file: the routes are spread over three files so that vitest runs them in parallel.
fuzzShard(1, 3);
