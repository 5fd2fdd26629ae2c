import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseCatalog } from './compact';
import type { Catalog } from './types';
/** Joint ventures, foreign-owned makers and importers of the China market. */
export const FOREIGN: Catalog = parseCatalog(fs.readFileSync(path.join(__dirname, 'foreign.txt'), 'utf8'));
