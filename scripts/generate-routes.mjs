#!/usr/bin/env node
/**
 * Writes src/routeTree.gen.ts from src/routes (the same generator the Vite plugin runs),
 * so `npm run typecheck` works on a fresh clone without a build first.
 */
import { Generator, getConfig } from '@tanstack/router-generator';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = getConfig({ target: 'react', routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts', autoCodeSplitting: true }, root);
await new Generator({ config, root }).run();
