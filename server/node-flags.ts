/**
 * The Node.js flags the server runs with, wherever it is started: package.json's `start` and `serve`, the
 * image's CMD (deploy/Dockerfile), the browser tests' and the benchmarks' servers. A test keeps them in step.
 *
 * Both bound the JavaScript heaps of the two threads (requests, and the embedded database's worker), which
 * under list load held 100–200 MB more than they used (README, Lists at scale):
 * - `--max-semi-space-size=4`: a young generation of 2 × 4 MB per thread instead of V8's 2 × 16 MB, which both
 *   threads grew to and kept;
 * - `--heap-growing-percent=50`: the old generation is collected when it has grown by half of what was live
 *   after the last collection, instead of by up to four times it. Requests waiting on the database outlive a
 *   small young generation, so more of them reach the old one; with V8's default factor the request thread's
 *   old generation grew to ~170 MB around ~40 MB of live data.
 * Neither cost throughput that `npm run bench` could measure.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=50'];
