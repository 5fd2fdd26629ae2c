// Writes the China map's geometry as plain GeoJSON for the ChinaMap component, from echarts@4.9.0's
// map files (a devDependency, never shipped): public/static/json/map/{cn, 1-7, <province code>}.json.
//
//   node scripts/build-map-geometry.mjs [--out DIR]
//
// - cn.json: one feature per province-level unit {name as the file has it ('广东'), code '440000'},
//   plus the South China Sea inset {name '南海诸岛', code null, inset true}.
// - 1.json … 7.json: a big region's provinces (ids and membership from @car/contracts, geography.ts).
// - <code>.json: a province's prefecture-level cities {name, code}; a municipality is one city, so its
//   districts are drawn as one feature coded like the API's city (110000).
//
// Why the work: echarts stores coordinates zigzag/delta-encoded as UTF-8 strings, and its rings are wound
// either way. chartjs-chart-geo draws with d3-geo on the sphere, where a ring's winding says which side
// is inside: an exterior ring must run clockwise (holes anticlockwise) or the shape covers the globe.
// Each file is snapped to a grid fitted to its extent and simplified below a pixel, so all 42 files
// weigh about 3 MB (11 MB at a flat 4 decimals); the server sends them uncompressed.
// Unchanged files are not rewritten, so a second run leaves mtimes (and the build's staleness check) alone.
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
// The contracts' build (CommonJS, written by `npm run build:backend` before the front end builds).
import contracts from '@car/contracts';

const started = performance.now();
const require = createRequire(import.meta.url);
const frontendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(frontendDir, '..');

const outArg = process.argv.indexOf('--out');
if (outArg > 0 && !process.argv[outArg + 1]) throw new Error('--out needs a directory');
const outDir = outArg > 0 ? path.resolve(process.argv[outArg + 1]) : path.join(frontendDir, 'public', 'static', 'json', 'map');

const echartsDir = path.dirname(require.resolve('echarts/package.json'));
const mapDir = path.join(echartsDir, 'map', 'json');

/** Douglas–Peucker tolerance, in grid cells (see gridStep): 3/4000 of a map's extent. */
const SIMPLIFY = 3;

/** echarts' province file names; shanxi is 山西 and shanxi1 is 陕西. */
const PROVINCE_FILES = {
  beijing: 110000,
  tianjin: 120000,
  hebei: 130000,
  shanxi: 140000,
  neimenggu: 150000,
  liaoning: 210000,
  jilin: 220000,
  heilongjiang: 230000,
  shanghai: 310000,
  jiangsu: 320000,
  zhejiang: 330000,
  anhui: 340000,
  fujian: 350000,
  jiangxi: 360000,
  shandong: 370000,
  henan: 410000,
  hubei: 420000,
  hunan: 430000,
  guangdong: 440000,
  guangxi: 450000,
  hainan: 460000,
  chongqing: 500000,
  sichuan: 510000,
  guizhou: 520000,
  yunnan: 530000,
  xizang: 540000,
  shanxi1: 610000,
  gansu: 620000,
  qinghai: 630000,
  ningxia: 640000,
  xinjiang: 650000,
  taiwan: 710000,
  xianggang: 810000,
  aomen: 820000,
};

/**
 * The API's geography: regions and provinces from the contracts (the map-only 香港, 澳门, 台湾 too), cities
 * from the reference data's city table, so codes and region ids cannot drift.
 */
function readAreas() {
  const { REGIONS: regions, PROVINCES, MAP_ONLY_PROVINCES } = contracts;
  const provinces = [...PROVINCES];
  const file = path.join(repoRoot, 'backend', 'src', 'reference', 'data', 'geography.ts');
  const text = fs.readFileSync(file, 'utf8');
  const cities = [...text.matchAll(/\{\s*code:\s*(\d+),\s*name:\s*'([^']+)',\s*provinceCode:\s*(\d+)/g)].map((m) => ({
    code: Number(m[1]),
    name: m[2],
    provinceCode: Number(m[3]),
  }));
  if (regions.length !== 7 || provinces.length !== 31 || cities.length < 300) {
    throw new Error(`${file}: expected 7 regions, 31 provinces and the cities, read ${regions.length}/${provinces.length}/${cities.length}`);
  }
  return { regions, provinces: [...provinces, ...MAP_ONLY_PROVINCES], cities };
}

/** echarts' parseGeoJson decode: per ring, pairs of UTF-16 units, zigzag-encoded deltas from encodeOffsets. */
function decodeRing(encoded, offsets, scale) {
  const ring = [];
  let prevX = offsets[0];
  let prevY = offsets[1];
  for (let i = 0; i < encoded.length; i += 2) {
    let x = encoded.charCodeAt(i) - 64;
    let y = encoded.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    x += prevX;
    y += prevY;
    prevX = x;
    prevY = y;
    ring.push([x / scale, y / scale]);
  }
  return ring;
}

/** A geometry as a list of polygons (each a list of rings), decoded when the file is encoded. */
function polygonsOf(json, geometry) {
  const scale = json.UTF8Scale ?? 1024;
  const decode = (ring, offsets) => (json.UTF8Encoding ? decodeRing(ring, offsets, scale) : ring);
  if (geometry.type === 'Polygon') {
    return [geometry.coordinates.map((ring, r) => decode(ring, geometry.encodeOffsets?.[r]))];
  }
  if (geometry.type === 'MultiPolygon') {
    return geometry.coordinates.map((polygon, p) => polygon.map((ring, r) => decode(ring, geometry.encodeOffsets?.[p]?.[r])));
  }
  throw new Error(`unexpected geometry ${geometry.type}`);
}

/** Twice the planar signed area: positive when the ring runs anticlockwise (north up). */
function signedArea(ring) {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  return sum;
}

const cross = (a, b, c) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

/** Squared distance from p to the segment a–b. */
function segmentDistance2(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  const ex = a[0] + t * dx - p[0];
  const ey = a[1] + t * dy - p[1];
  return ex * ex + ey * ey;
}

/** Douglas–Peucker on an open run of points, keeping both ends. */
function simplifyRun(points, tolerance2) {
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop();
    let farthest = -1;
    let max = tolerance2;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance2(points[i], points[first], points[last]);
      if (d > max) {
        max = d;
        farthest = i;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  return points.filter((_, i) => keep[i] === 1);
}

/**
 * A closed ring (without its closing copy) simplified: split at the point farthest from the first, both
 * halves simplified. Neighbours simplify a shared border apart, but by less than SIMPLIFY grid cells
 * (under a pixel on a map 1,300 px wide), which the features' white borders cover.
 */
function simplifyRing(ring) {
  if (ring.length <= 4) return ring;
  let split = 1;
  let max = -1;
  for (let i = 1; i < ring.length; i++) {
    const d = (ring[i][0] - ring[0][0]) ** 2 + (ring[i][1] - ring[0][1]) ** 2;
    if (d > max) {
      max = d;
      split = i;
    }
  }
  const tolerance2 = SIMPLIFY * SIMPLIFY;
  const head = simplifyRun(ring.slice(0, split + 1), tolerance2);
  const tail = simplifyRun([...ring.slice(split), ring[0]], tolerance2);
  return [...head.slice(0, -1), ...tail.slice(0, -1)];
}

/**
 * A ring snapped to the file's grid (integer multiples of `step`), without repeated, collinear or
 * back-tracking points, closed and wound as d3-geo wants; null when nothing with an area is left.
 * Snapping is per point, so a border two features share stays the same line in both: no gaps.
 */
function cleanRing(ring, exterior, step) {
  const kept = [];
  for (const [x, y] of ring) {
    const p = [Math.round(x / step), Math.round(y / step)];
    while (kept.length >= 2 && cross(kept[kept.length - 2], kept[kept.length - 1], p) === 0) kept.pop();
    const last = kept[kept.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) kept.push(p);
  }
  // The ring's seam: drop the closing copy and any point left collinear across it.
  let changed = true;
  while (changed && kept.length >= 3) {
    changed = false;
    const n = kept.length;
    if (kept[0][0] === kept[n - 1][0] && kept[0][1] === kept[n - 1][1]) {
      kept.pop();
      changed = true;
    } else if (cross(kept[n - 2], kept[n - 1], kept[0]) === 0) {
      kept.splice(n - 1, 1);
      changed = true;
    } else if (cross(kept[n - 1], kept[0], kept[1]) === 0) {
      kept.shift();
      changed = true;
    }
  }
  if (kept.length < 3) return null;
  const simplified = simplifyRing(kept);
  if (simplified.length < 3) return null;
  const area = signedArea(simplified);
  if (area === 0) return null;
  if (exterior === area > 0) simplified.reverse();
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const out = simplified.map(([x, y]) => [Number((x * step).toFixed(decimals)), Number((y * step).toFixed(decimals))]);
  out.push([...out[0]]);
  return out;
}

function cleanPolygons(polygons, step) {
  const result = [];
  for (const polygon of polygons) {
    if (polygon.length === 0) continue;
    const exterior = cleanRing(polygon[0], true, step);
    if (!exterior) continue;
    const holes = polygon
      .slice(1)
      .map((ring) => cleanRing(ring, false, step))
      .filter(Boolean);
    result.push([exterior, ...holes]);
  }
  return result;
}

/**
 * The grid a map file is snapped to: about 1/4000 of its extent (a third of a pixel on a map 1,300 px
 * wide), never finer than 4 decimals. The nation gets 0.01°, Guangdong 0.002°, Macao 0.0001°.
 */
function gridStep(polygonLists) {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const polygons of polygonLists) {
    for (const polygon of polygons) {
      for (const [x, y] of polygon[0] ?? []) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
  }
  const wanted = Math.max(maxX - minX, maxY - minY) / 4000;
  return [0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001].find((s) => s <= wanted) ?? 0.0001;
}

/** A GeoJSON feature on the file's grid; a unit too small for it (澳门 on the nation's) gets a finer one. */
function toFeature({ properties, polygons }, step) {
  let cleaned = cleanPolygons(polygons, step);
  for (let s = step / 10; cleaned.length === 0 && s >= 0.0001; s /= 10) cleaned = cleanPolygons(polygons, s);
  if (cleaned.length === 0) throw new Error(`${properties.name}: no polygon left`);
  const geometry = cleaned.length === 1 ? { type: 'Polygon', coordinates: cleaned[0] } : { type: 'MultiPolygon', coordinates: cleaned };
  return { type: 'Feature', properties, geometry };
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** echarts' fix-ups add these in code, not in the map files: the inset and 钓鱼岛 (part of 台湾). */
function echartsFixes() {
  const regions = [];
  require('echarts/lib/coord/geo/fix/nanhai.js')('china', regions);
  const nanhai = regions[0].geometries.map((g) => [g.exterior]);
  const taiwan = { name: '台湾', geometries: [] };
  require('echarts/lib/coord/geo/fix/diaoyuIsland.js')('china', taiwan);
  const diaoyu = taiwan.geometries.map((g) => [g.exterior]);
  return { nanhai, diaoyu };
}

function covers(polygons, [lon, lat]) {
  return polygons.some((polygon) => {
    const xs = polygon[0].map((p) => p[0]);
    const ys = polygon[0].map((p) => p[1]);
    return Math.min(...xs) <= lon && lon <= Math.max(...xs) && Math.min(...ys) <= lat && lat <= Math.max(...ys);
  });
}

function build() {
  const { regions, provinces, cities } = readAreas();
  const { nanhai, diaoyu } = echartsFixes();
  const provinceByShortName = new Map(provinces.map((p) => [p.shortName, p]));
  const files = new Map();

  // The nation: echarts names provinces by their short names.
  const china = readJson(path.join(mapDir, 'china.json'));
  const provinceFeatures = china.features.map((f) => {
    const province = provinceByShortName.get(f.properties.name);
    if (!province) throw new Error(`china.json: no province code for ${f.properties.name}`);
    if (f.id !== undefined && Number(f.id) !== province.code)
      throw new Error(`china.json: ${f.properties.name} is ${f.id}, geography.ts says ${province.code}`);
    let polygons = polygonsOf(china, f.geometry);
    if (province.code === 710000 && !covers(polygons, diaoyu[0][0][0])) polygons = [...polygons, ...diaoyu];
    return { province, unit: { properties: { name: f.properties.name, code: String(province.code) }, polygons } };
  });
  if (provinceFeatures.length !== 34) throw new Error(`china.json: expected 34 province-level units, found ${provinceFeatures.length}`);
  const inset = { properties: { name: '南海诸岛', code: null, inset: true }, polygons: nanhai };
  files.set('cn', [...provinceFeatures.map((p) => p.unit), inset]);

  for (const region of regions) {
    files.set(
      String(region.id),
      provinceFeatures.filter((p) => p.province.regionId === region.id).map((p) => p.unit),
    );
  }

  const suffixless = (name) => name.replace(/(市|地区|盟)$/, '');
  for (const [file, code] of Object.entries(PROVINCE_FILES)) {
    const json = readJson(path.join(mapDir, 'province', `${file}.json`));
    const own = cities.filter((c) => c.provinceCode === code);
    const municipality = own.length === 1 && own[0].code === code;
    const byName = new Map();
    for (const f of json.features) {
      // Output of mapshaper may have empty geometries (echarts skips them too).
      if (!f.geometry || f.geometry.coordinates.length === 0) continue;
      const id = f.id ?? f.properties.id;
      if (id !== undefined && String(id).slice(0, 2) !== String(code).slice(0, 2))
        throw new Error(`${file}.json holds ${f.properties.name} (${id}), not province ${code}`);
      const name = municipality ? own[0].name : f.properties.name;
      const city = municipality ? own[0] : (own.find((c) => c.name === name) ?? own.find((c) => suffixless(c.name) === suffixless(name)));
      const cityCode = city ? String(city.code) : /^\d{6}$/.test(String(id)) ? String(id) : null;
      // A name can come twice (echarts splits 山南市); one feature a name keeps tooltips and colours whole.
      const entry = byName.get(name) ?? { name, code: cityCode, polygons: [] };
      entry.code ??= cityCode;
      entry.polygons.push(...polygonsOf(json, f.geometry));
      byName.set(name, entry);
    }
    files.set(
      String(code),
      [...byName.values()].map((e) => ({ properties: { name: e.name, code: e.code }, polygons: e.polygons })),
    );
  }
  return files;
}

function write(files) {
  fs.mkdirSync(outDir, { recursive: true });
  let written = 0;
  let bytes = 0;
  for (const [id, units] of files) {
    const step = gridStep(units.map((u) => u.polygons));
    const text = JSON.stringify({ type: 'FeatureCollection', features: units.map((u) => toFeature(u, step)) });
    const target = path.join(outDir, `${id}.json`);
    bytes += text.length;
    if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) continue;
    fs.writeFileSync(target, text);
    written += 1;
  }
  return { written, bytes };
}

const files = build();
const { written, bytes } = write(files);
const shown = path.relative(process.cwd(), outDir) || '.';
process.stdout.write(
  `[map] ${files.size} map files (cn, 7 regions, 34 provinces; ${(bytes / 1024 / 1024).toFixed(1)} MB) in ${shown}, ${written} rewritten, ${Math.round(performance.now() - started)} ms\n`,
);
