/**
 * The map files scripts/build-map-geometry.mjs writes, built into a temporary folder. Areas are measured
 * with d3-geo itself (the library chartjs-chart-geo draws with) in a child process, since it ships as
 * ES modules only.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { REGIONS } from '@car/contracts';
import { type MapFeatureCollection } from './china-map';

const frontendDir = path.resolve(__dirname, '..', '..');
const script = path.join(frontendDir, 'scripts', 'build-map-geometry.mjs');

let outDir: string;
let log: string;
const read = (id: string) => JSON.parse(fs.readFileSync(path.join(outDir, `${id}.json`), 'utf8')) as MapFeatureCollection;
const names = (id: string) => read(id).features.map((f) => f.properties.name);

beforeAll(() => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'china-map-'));
  log = execFileSync(process.execPath, [script, '--out', outDir], { encoding: 'utf8' });
});

afterAll(() => {
  fs.rmSync(outDir, { recursive: true, force: true });
});

describe('build-map-geometry', () => {
  it('logs one line', () => {
    expect(log.trim().split('\n')).toHaveLength(1);
  });

  it('writes the nation, the seven regions and 34 provinces', () => {
    const files = fs.readdirSync(outDir).sort();
    expect(files).toHaveLength(1 + 7 + 34);
    expect(files).toContain('cn.json');
    for (const region of REGIONS) expect(files).toContain(`${region.id}.json`);
  });

  it('puts 34 province-level units and the 南海诸岛 inset on the nation’s map', () => {
    const cn = read('cn');
    const units = cn.features.filter((f) => !f.properties.inset);
    expect(units).toHaveLength(34);
    expect(units.every((f) => /^\d{6}$/.test(f.properties.code ?? ''))).toBe(true);
    expect(new Set(units.map((f) => f.properties.code)).size).toBe(34);
    const byName = new Map(units.map((f) => [f.properties.name, f.properties.code]));
    expect(byName.get('北京')).toBe('110000');
    expect(byName.get('广东')).toBe('440000');
    expect(byName.get('香港')).toBe('810000');
    expect(byName.get('澳门')).toBe('820000');
    expect(byName.get('台湾')).toBe('710000');
    expect(cn.features.filter((f) => f.properties.inset).map((f) => f.properties)).toEqual([{ name: '南海诸岛', code: null, inset: true }]);
  });

  it('fills each region’s file with its provinces', () => {
    expect(names('5')).toEqual(expect.arrayContaining(['广东', '广西', '海南']));
    expect(names('7').sort()).toEqual(['宁夏', '新疆', '甘肃', '青海', '陕西'].sort());
    expect(
      read('1')
        .features.map((f) => f.properties.code)
        .sort(),
    ).toEqual(['110000', '120000', '130000', '140000', '150000']);
  });

  it('draws 广东’s 21 cities with their codes', () => {
    const guangdong = read('440000').features;
    expect(guangdong).toHaveLength(21);
    expect(guangdong.find((f) => f.properties.name === '广州市')?.properties.code).toBe('440100');
  });

  it('does not mix up 陕西 (610000) and 山西 (140000)', () => {
    expect(names('610000')).toContain('西安市');
    expect(names('140000')).toContain('太原市');
  });

  it('codes cities as the API does, and a municipality as one city', () => {
    const naqu = read('540000').features.find((f) => f.properties.name === '那曲地区');
    expect(naqu?.properties.code).toBe('540600');
    expect(read('110000').features.map((f) => f.properties)).toEqual([{ name: '北京市', code: '110000' }]);
  });

  it('winds every ring so that no feature covers the globe (d3-geo area below 2π)', () => {
    const measure = `
      import { geoArea } from 'd3-geo';
      import * as fs from 'node:fs';
      const dir = process.argv[1];
      const areas = {};
      for (const file of fs.readdirSync(dir)) {
        const json = JSON.parse(fs.readFileSync(dir + '/' + file, 'utf8'));
        areas[file] = Math.max(...json.features.map((f) => geoArea(f)));
      }
      process.stdout.write(JSON.stringify(areas));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', measure, outDir], { encoding: 'utf8', cwd: frontendDir });
    const largest = JSON.parse(output) as Record<string, number>;
    expect(Object.keys(largest)).toHaveLength(42);
    for (const [file, area] of Object.entries(largest)) {
      // Xinjiang, the largest unit, is about 0.04 sr; a ring wound the wrong way measures nearly 4π.
      expect([file, area < Math.PI]).toEqual([file, true]);
      expect(area).toBeGreaterThan(0);
    }
  });

  it('is idempotent: a second run rewrites nothing', () => {
    const second = execFileSync(process.execPath, [script, '--out', outDir], { encoding: 'utf8' });
    expect(second).toMatch(/ 0 rewritten/);
  });
});
