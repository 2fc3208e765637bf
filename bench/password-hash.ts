/**
 * `npm run bench` (first part, with the page JS): the cost of hashing one password at the
 * production setting (scrypt N=2^14, r=8, p=5: app/auth/password.server.ts), as sign-up, sign-in
 * and every password change pay it, and of checking one. Measured here rather than timed in a test:
 * on a busy machine a test's clock says more about its neighbours than about the hash. Node's
 * scrypt is the one workerd runs with `nodejs_compat` (the same OpenSSL code), so the figure is the
 * Worker's order of magnitude, not its exact CPU time. Median of 7, written to docs/perf.md.
 */
import { hashPassword, PRODUCTION_COST, verifyPassword } from "../app/auth/password.server";
import { writeSection } from "./report";

const RUNS = 7;

async function median(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

const hash = await hashPassword("Bench#Passw0rd", PRODUCTION_COST);
const hashing = await median(() => hashPassword("Bench#Passw0rd", PRODUCTION_COST));
const checking = await median(() => verifyPassword("Bench#Passw0rd", hash));
const cost = `N=${PRODUCTION_COST.N}, r=${PRODUCTION_COST.r}, p=${PRODUCTION_COST.p}`;
console.log(`password hash (${cost}): ${hashing.toFixed(0)} ms to hash, ${checking.toFixed(0)} ms to check (median of ${RUNS})`);
writeSection("password-hash", [
  "## Password hashing",
  "",
  `scrypt at the production cost (${cost}), in Node (bench/password-hash.ts), median of ${RUNS} on ${new Date().toISOString().slice(0, 10)}:`,
  "",
  "| work | ms |",
  "| --- | ---: |",
  `| hash a new password (sign-up, a change) | ${hashing.toFixed(0)} |`,
  `| check a password (sign-in) | ${checking.toFixed(0)} |`,
]);
