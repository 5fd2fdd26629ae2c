import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseCatalog } from './compact';
import type { Catalog } from './types';
/** Other domestic incumbents and the new forces of the China market. */
export const DOMESTIC_B: Catalog = parseCatalog(fs.readFileSync(path.join(__dirname, 'domestic-b.txt'), 'utf8'));
