/**
 * Prepares one migrated template database per run; every test file then gets
 * a fresh copy of it (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedReferenceData } from '../seed/bootstrap';

// Unique per run and project (the API suite and the browser tests each prepare one), so no two ever share or drop
// each other's template.
const templateName = (project: TestProject) =>
  `arrival_card_tpl_${process.pid}_${project.name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`;

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB ?? 'pglite';
  if (kind === 'postgres') {
    const TEMPLATE_DB = templateName(project);
    const url = project.config.env!.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [TEMPLATE_DB],
    );
    await admin.query(`drop database if exists ${TEMPLATE_DB}`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 2 });
    await runMigrations(database);
    await seedReferenceData(database.db);
    await database.close();
    await admin.end();
    project.provide('postgresTemplate', TEMPLATE_DB);
    project.provide('pgliteTemplate', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await cleanup.end();
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(database);
  await seedReferenceData(database.db);
  const dump = await database.raw.pglite!.dumpDataDir('none');
  const file = path.join(tmpdir(), `arrival-card-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(file, { force: true });
}
