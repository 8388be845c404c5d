/**
 * Preloaded by `npm start`, `npm run dev`, `npm run seed` and the systemd unit (`node --import ./scripts/load-env.mjs`):
 * reads `.env` from the working directory when there is one, with Node's own parser (process.loadEnvFile, Node
 * 20.12+). A variable already set in the environment wins over the file. Silent when there is no file (Node's
 * --env-file-if-exists says "not found" on every start without one). Never commit .env (.gitignore); see .env.example.
 */
import { existsSync } from 'node:fs';

if (existsSync('.env')) process.loadEnvFile('.env');
