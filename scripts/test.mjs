#!/usr/bin/env node
// npm test: lint, type-check, unit and server tests, the production build, then the browser tests
// against that build. Browser tests never skip silently: without Chromium this installs it (as root)
// or stops with the exact install command.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const resultsDir = '.tmp/test-results';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(title, command, args, env = {}) {
  console.log(`\n── ${title} ──`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed after ${seconds} s`);
    printTotals();
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds} s)`);
}

/** Debian packages the tests drive: Chromium (+ a CJK font) and a PostgreSQL server (the DATABASE_URL test). */
function hasPostgres() {
  return existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
}

function ensureSystemPackages() {
  if (existsSync(chromiumPath) && hasPostgres()) return;
  const hint = 'apt-get update && apt-get install -y chromium fonts-wqy-microhei postgresql';
  if (process.getuid?.() !== 0) {
    console.error(`Chromium (${chromiumPath}) or PostgreSQL is missing; the tests cannot run without them. Install them with:\n  sudo ${hint}`);
    process.exit(1);
  }
  run('install Chromium, a CJK font and PostgreSQL (Debian)', 'bash', ['-c', `DEBIAN_FRONTEND=noninteractive ${hint}`]);
}

/** Runs commands side by side (each is single-threaded), printing each one's output when it ends. */
async function runTogether(jobs) {
  const started = Date.now();
  const results = await Promise.all(
    jobs.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (status) => resolve({ title, status, output }));
        }),
    ),
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  for (const { title, status, output } of results) {
    console.log(`\n── ${title} ──\n${output}`);
    if (status !== 0) {
      console.error(`\n✗ ${title} failed after ${seconds} s`);
      process.exit(status ?? 1);
    }
    console.log(`✓ ${title} (${seconds} s, run alongside the others)`);
  }
}

// Vitest's default leaves one core idle (available parallelism − 1): on the 2-core CI machine that runs
// unit and server files one at a time while the second core waits. Server files spend half their time
// in the embedded database's worker thread, unit files in jsdom; two at a time keeps both cores busy.
const workers = Math.max(2, availableParallelism());

function vitest(project) {
  const output = `${resultsDir}/${project}.json`;
  const parallel = project === 'e2e' ? [] : [`--maxWorkers=${workers}`];
  run(`${project} tests`, npx, ['vitest', 'run', '--project', project, ...parallel, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`]);
}

function printTotals() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const project of ['unit', 'server', 'e2e']) {
    const file = `${resultsDir}/${project}.json`;
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
ensureSystemPackages();
await runTogether([
  { title: 'lint', command: npx, args: ['eslint', '.', '--max-warnings', '0'] },
  { title: 'type-check', command: npx, args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
]);
vitest('unit');
vitest('server');
run('build', 'npm', ['run', 'build']);
vitest('e2e');
printTotals();
