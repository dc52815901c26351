/**
 * The bundle budgets of DESIGN.md §10, checked on the last build (`apps/web/dist`, built with
 * `--manifest`): the sign-in route ≤ 150 kB of JS (gzip) as Chromium loads it (the chunks the app
 * defers at start included; see bench/bundles.ts), every other route and every lazy chunk no route
 * names ≤ 250 kB. Prints the table; exits 1 naming each route over its budget.
 */
import path from 'node:path';
import { budgetMiss, overBudget, weighRoutes, weightTable } from './bench/bundles.ts';

const DIST = path.join(import.meta.dirname, '../apps/web/dist');

const { weights, missing } = weighRoutes(DIST);
console.log(weightTable(weights).join('\n'));
const missed = overBudget(weights);
for (const weight of missed) console.error(`✖ ${budgetMiss(weight)}`);
for (const key of missing) console.error(`✖ ${key} is not a chunk of its own in the manifest: its route cannot be weighed`);
if (missed.length > 0 || missing.length > 0) process.exit(1);
