/**
 * A demo work item step interrupted mid-way (a server killed during the seed) leaves nothing
 * behind, and the next start runs it whole: the interruption is a checkpoint that throws after the
 * step's first rows, as a killed process would stop there (its open transaction is lost). The main
 * seed, written through the REST routes, cannot resume: a start after an interrupted one says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEED_INTERRUPTED, DEMO_SEED_STARTED, seedDemo } from '../../server/seed/demo.ts';
import { DEMO_USERS } from '../../server/seed/demoData.ts';
import { DEMO_EPICS, DEMO_WORK_ITEMS_SEED, seedDemoWorkItems } from '../../server/seed/demoWorkItems.ts';
import { startIssuableFixture, type IssuableFixture } from '../helpers/issuables.ts';

/** Issues on the fixture's public project before the step. */
const ISSUES = 6;

let fixture: IssuableFixture;

beforeAll(async () => {
  fixture = await startIssuableFixture();
  const path = `/projects/${fixture.publicProject.id}/issues`;
  for (let i = 1; i <= ISSUES; i += 1)
    await fixture.api(path, fixture.tokens.olivia, { method: 'POST', json: { title: `Issue ${i}` } });
});
afterAll(() => fixture.server.close());

describe('an interrupted demo work item step', () => {
  it('leaves no rows and runs whole on the next start', async () => {
    const db = fixture.server.database.db;
    const killed = new Error('killed mid-seed');
    const seen: string[] = [];
    await expect(
      seedDemoWorkItems(db, '', (what) => {
        seen.push(what);
        // The first group's iterations are written, then also the first epic: stop there.
        if (what === 'epics') throw killed;
      }),
    ).rejects.toBe(killed);
    expect(seen).toContain('iterations');

    expect(await db.selectFrom('iterations_cadences').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('sprints').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('issues').select('id').where('issue_type', '=', 'epic').execute()).toEqual([]);
    expect(await db.selectFrom('seed_runs').select('name').where('name', '=', DEMO_WORK_ITEMS_SEED).execute()).toEqual(
      [],
    );

    const counts = await seedDemoWorkItems(db, '');
    expect(counts).toMatchObject({ epics: DEMO_EPICS.length, objectives: 1 });
    expect(await db.selectFrom('seed_runs').select('name').where('name', '=', DEMO_WORK_ITEMS_SEED).execute()).toEqual([
      { name: DEMO_WORK_ITEMS_SEED },
    ]);
    expect(await seedDemoWorkItems(db, '')).toEqual({});
  });
});

describe('an interrupted main demo seed', () => {
  it('makes the next start refuse with its reason, before writing anything', async () => {
    const db = fixture.server.database.db;
    // What a first start killed after its first accounts leaves: the start marker, no finish.
    await db.insertInto('seed_runs').values({ name: DEMO_SEED_STARTED }).execute();
    await expect(seedDemo(fixture.server.app)).rejects.toThrow(DEMO_SEED_INTERRUPTED);
    const firstAccount = DEMO_USERS[0]!.username;
    expect(await db.selectFrom('users').select('id').where('username', '=', firstAccount).execute()).toEqual([]);
  });
});
