/**
 * The sales map of China: a choropleth (chartjs-chart-geo) of the nation, a big region or a province,
 * coloured in five quantile classes of the shown values on a teal-blue ramp (decision 175), with a
 * legend of the classes' ranges and 无数据, a tooltip per unit, the hovered unit's name and value under
 * the map (and as the canvas' title), and optionally a table of the units beside it. Clicking a unit
 * reports it (the page drills down and keeps the way back). The geometry is fetched once per map from
 * `/static/json/map/{mapId}.json` (built by scripts/build-map-geometry.mjs).
 *
 * Drawn in the browser only: the server renders the empty box at its final height, and chart.js (which
 * needs `window`) is imported inside an effect. The nation's map draws 南海诸岛 as the usual framed
 * inset in its lower right corner, east of Taiwan and level with Hainan (see insetPlugin).
 */
import { useEffect, useRef, useState } from 'react';
import type { Chart as ChartInstance, ChartConfiguration, Plugin, TooltipItem } from 'chart.js';
import type { ProjectionScale } from 'chartjs-chart-geo';

import { growthText, mapTableOrder, thousands, type AreaTreeRow } from '@car/contracts';
import {
  classColor,
  classRangeText,
  type MapClass,
  MAP_NO_DATA_COLOR,
  MAP_NO_DATA_LABEL,
  mapHoverText,
  mapTitleOf,
  mapUrlOf,
  matchRows,
  NATION_MAP_ID,
  quantileClasses,
  type MapFeature,
  type MapFeatureCollection,
} from '~/utils/china-map';
import { DefinedLabel } from './DefinedLabel';
import { PanelBusy } from './PanelBusy';

/** A row of the API's area tree (or any sales row with a name): what one unit of the map shows. */
export type ChinaMapRow = Pick<AreaTreeRow, 'name' | 'sales' | 'salesStr' | 'yoy' | 'salesSumStr' | 'yearYoy'> &
  Partial<Pick<AreaTreeRow, 'yoys' | 'yearYoys'>> & {
    /** Region id or 6-digit code; rows without one are matched by name. */
    code?: number | string | null;
  };

export interface ChinaMapSelection {
  name: string;
  code: string | null;
}

export interface ChinaMapProps {
  /** 'cn', a region id ('3') or a province code ('440000'); see mapIdOf. */
  mapId: string;
  rows: readonly ChinaMapRow[];
  height?: number;
  onSelect?: (feature: ChinaMapSelection) => void;
  loading?: boolean;
  /** What colours a unit, its tooltip and the legend's ticks; sales by default (the price page maps its discount rate). */
  measure?: MapMeasure;
  /** A table of the units and their values beside the map. */
  table?: boolean;
}

/** The figure a map shows: its name, a unit's value (null: grey), its tooltip lines and the text of a value. */
export interface MapMeasure {
  label: string;
  value: (row: ChinaMapRow) => number | null;
  lines: (row: ChinaMapRow) => string[];
  tick: (value: number) => string;
}

type Modules = { chart: typeof import('chart.js'); geo: typeof import('chartjs-chart-geo') };
type MapChart = ChartInstance<'choropleth', MapPoint[], string>;

interface MapPoint {
  feature: MapFeature;
  /** null: no sales, drawn in the scale's `missing` grey. */
  value: number | null;
  row: ChinaMapRow | undefined;
}

let modules: Promise<Modules> | null = null;
function loadModules(): Promise<Modules> {
  modules ??= Promise.all([import('chart.js'), import('chartjs-chart-geo')]).then(([chart, geo]) => {
    chart.Chart.register(geo.ChoroplethController, geo.GeoFeature, geo.ColorScale, geo.ProjectionScale, chart.Tooltip, chart.Legend);
    return { chart, geo };
  });
  modules.catch(() => {
    modules = null;
  });
  return modules;
}

const geometries = new Map<string, Promise<MapFeatureCollection>>();
function loadGeometry(mapId: string): Promise<MapFeatureCollection> {
  let pending = geometries.get(mapId);
  if (!pending) {
    pending = fetch(mapUrlOf(mapId)).then((response) => {
      if (!response.ok) throw new Error(`${mapUrlOf(mapId)}: ${response.status}`);
      return response.json() as Promise<MapFeatureCollection>;
    });
    // A failed fetch is not kept: the next mount tries again.
    pending.catch(() => geometries.delete(mapId));
    geometries.set(mapId, pending);
  }
  return pending;
}

function salesTick(value: number): string {
  if (value >= 10000) return `${Number((value / 10000).toFixed(1))}万`;
  return thousands(value);
}

/** Every [lon, lat] of a feature's outer rings. */
function* positionsOf(feature: MapFeature): Generator<number[]> {
  const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
  for (const polygon of polygons) yield* polygon[0] ?? [];
}

/**
 * The projection of a map: the conic equal-area projection Chinese maps use (standard parallels 25° and
 * 47°, central meridian 105°E) for the nation; for a region or province the same kind of projection
 * centred on it, so its shape is true without bending the nation's grid. Without d3's adaptive resampling
 * (precision 0): the geometry's points lie closer together than a pixel at the sizes the pages draw, so it
 * added no point (the canvases are the same to the pixel) but cost a third of the map's drawing, which every
 * pass over the geometry (fit, bounds, centroids, paths) paid again.
 */
function projectionOf(geo: Modules['geo'], mapId: string, features: readonly MapFeature[]) {
  if (mapId === NATION_MAP_ID) return geo.geoConicEqualArea().parallels([25, 47]).rotate([-105, 0]).precision(0);
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const feature of features) {
    for (const [lon = 0, lat = 0] of positionsOf(feature)) {
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  const span = north - south;
  return geo
    .geoConicEqualArea()
    .parallels([south + span / 6, north - span / 6])
    .rotate([-(west + east) / 2, 0])
    .precision(0);
}

/** The few points a map's projection is fitted to (fittingPoints). */
interface FittingPoints {
  type: 'MultiPoint';
  coordinates: number[][];
}

/**
 * What a map's projection is fitted to (chartjs-chart-geo's `outline`, which the chart does not draw): the points of the
 * features farthest left, right, up and down once projected. Without resampling (projectionOf) the projected bounds of
 * the features are those of their points, and a change of the projection's scale and offset (the fit, the canvas's
 * size) keeps which points those are, so these four bound the map exactly as the features do: the same fit, the same
 * pixels. The chart fits its outline twice and the inset reads its bottom once; each was a projection of every point.
 */
function fittingPoints(projection: (point: [number, number]) => [number, number] | null, features: readonly MapFeature[]): FittingPoints {
  const extremes: Array<{ at: number[]; value: number } | undefined> = [];
  for (const feature of features) {
    for (const position of positionsOf(feature)) {
      const projected = projection([position[0] ?? 0, position[1] ?? 0]);
      if (!projected) continue;
      const [x, y] = projected;
      [-x, x, -y, y].forEach((value, i) => {
        if (extremes[i] === undefined || value > extremes[i].value) extremes[i] = { at: position, value };
      });
    }
  }
  return { type: 'MultiPoint', coordinates: extremes.flatMap((e) => (e ? [e.at] : [])) };
}

/**
 * Draws the 南海诸岛 inset: echarts' schematic of the islands and the dashed line, with its frame, flat and
 * in echarts' proportions (latitude stretched by 1/0.75). echarts places it at 126-132°E, 18-25°N, east of
 * Taiwan; the projection is fitted to the mainland and that place, so the box gets its corner of the map
 * without covering Taiwan, and the mainland keeps its size on a wide map.
 */
function insetPlugin(inset: MapFeature, outline: FittingPoints): Plugin<'choropleth'> {
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const [lon = 0, lat = 0] of positionsOf(inset)) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const aspect = (east - west) / ((north - south) / 0.75);
  const polygons = inset.geometry.type === 'Polygon' ? [inset.geometry.coordinates] : inset.geometry.coordinates;
  // Where the inset goes, for the projection's scale and offset: every hover draws the chart again, the place stays.
  let placed: { key: string; left: number; top: number; right: number; bottom: number } | null = null;
  const placeOf = (scale: ProjectionScale) => {
    const key = `${scale.projection.scale()},${scale.projection.translate().join(',')}`;
    if (placed?.key !== key) {
      const [[left, top], [right, insetBottom]] = scale.geoPath.bounds(inset);
      // Down to the map's bottom edge (海南), as Chinese maps set the inset.
      placed = { key, left, top, right, bottom: Math.max(insetBottom, scale.geoPath.bounds(outline)[1][1]) };
    }
    return placed;
  };
  return {
    id: 'southChinaSeaInset',
    afterDatasetsDraw(chart) {
      const scale = chart.scales.projection as unknown as ProjectionScale | undefined;
      if (!scale?.projection) return;
      const { left, top, right, bottom } = placeOf(scale);
      let height = bottom - top;
      let width = height * aspect;
      if (width > right - left) {
        width = right - left;
        height = width / aspect;
      }
      if (!(height > 0)) return;
      const x0 = right - width;
      const y0 = bottom - height;
      const { ctx } = chart;
      ctx.save();
      ctx.beginPath();
      for (const polygon of polygons) {
        for (const ring of polygon) {
          ring.forEach(([lon = 0, lat = 0], i) => {
            const x = x0 + ((lon - west) / (east - west)) * width;
            const y = y0 + ((north - lat) / (north - south)) * height;
            if (i === 0) ctx.moveTo(x, y);
            else ctx.lineTo(x, y);
          });
          ctx.closePath();
        }
      }
      ctx.fillStyle = '#7d8fa3';
      ctx.fill();
      ctx.fillStyle = '#5b6b7c';
      ctx.font = `${Math.max(9, Math.round(height / 10))}px sans-serif`;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'bottom';
      ctx.fillText('南海诸岛', x0 + width * 0.93, y0 + height * 0.95);
      ctx.restore();
    },
  };
}

function pointsOf(features: readonly MapFeature[], rows: readonly ChinaMapRow[], measure: MapMeasure): MapPoint[] {
  const matched = matchRows(
    features.map((f) => f.properties),
    rows,
  );
  return features.map((feature, i) => {
    const row = matched[i];
    return { feature, row, value: row ? measure.value(row) : null };
  });
}

function salesLines(row: ChinaMapRow): string[] {
  return [`销量: ${row.salesStr}`, `同比: ${growthText(row.yoy)}`, `累计销量: ${row.salesSumStr}`, `累计同比: ${growthText(row.yearYoy)}`];
}

const SALES: MapMeasure = { label: '销量', value: (row) => (row.sales > 0 ? row.sales : null), lines: salesLines, tick: salesTick };

/** The classes of the drawn units' values. */
function classesOf(points: readonly MapPoint[]): MapClass[] {
  return quantileClasses(points.map((p) => p.value));
}

/** The units with a row, highest value first (those without a value last), for the table beside the map. */
function tableRowsOf(points: readonly MapPoint[]): Array<{ name: string; value: number | null }> {
  return points
    .filter((p) => p.row)
    .map((p) => ({ name: p.feature.properties.name, value: p.value }))
    .sort(mapTableOrder);
}

interface Ready {
  mapId: string;
  geometry: MapFeatureCollection;
  modules: Modules;
}

/**
 * Where each unit sits on the canvas, as `data-centers` ({code: [x, y]} in CSS pixels): what a browser
 * test clicks to drill down through the real click path.
 */
function markCenters(instance: MapChart, features: readonly MapFeature[]): void {
  const elements = instance.getDatasetMeta(0).data as unknown as Array<{ getCenterPoint(): { x: number; y: number } }>;
  const centers: Record<string, [number, number]> = {};
  elements.forEach((element, index) => {
    const code = features[index]?.properties.code;
    if (!code) return;
    const { x, y } = element.getCenterPoint();
    if (Number.isFinite(x) && Number.isFinite(y)) centers[code] = [Math.round(x), Math.round(y)];
  });
  instance.canvas.dataset.centers = JSON.stringify(centers);
}

export function ChinaMap({ mapId, rows, height = 400, onSelect, loading = false, measure = SALES, table = false }: ChinaMapProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<MapChart | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const measureRef = useRef(measure);
  measureRef.current = measure;
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const [ready, setReady] = useState<Ready | null>(null);
  const [failed, setFailed] = useState(false);
  const [points, setPoints] = useState<MapPoint[]>([]);
  /** The map whose chart is on the canvas (`data-drawn`: the chart made, not only its geometry and modules loaded). */
  const [drawnMapId, setDrawnMapId] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const classesRef = useRef<MapClass[]>([]);
  /** The rows the chart was last drawn with: the chart drawn anew has them, so the rows' effect does not draw it again. */
  const drawnRows = useRef<readonly ChinaMapRow[] | null>(null);

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    Promise.all([loadGeometry(mapId), loadModules()]).then(
      ([geometry, loaded]) => {
        if (!cancelled) setReady({ mapId, geometry, modules: loaded });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [mapId]);

  useEffect(() => {
    if (!ready || !canvas.current) return;
    const { Chart } = ready.modules.chart;
    const features = ready.geometry.features.filter((f) => !f.properties.inset);
    const inset = ready.geometry.features.find((f) => f.properties.inset);
    const projection = projectionOf(ready.modules.geo, ready.mapId, features);
    // The projection fits what is drawn: the units and, on the nation's map, the inset's corner.
    const outline = fittingPoints(projection, ready.geometry.features);
    const points = pointsOf(features, rowsRef.current, measureRef.current);
    classesRef.current = classesOf(points);
    const config: ChartConfiguration<'choropleth', MapPoint[], string> = {
      type: 'choropleth',
      data: {
        labels: features.map((f) => f.properties.name),
        datasets: [
          {
            label: mapTitleOf(ready.mapId),
            data: points,
            outline: outline as never,
            borderColor: '#ffffff',
            borderWidth: 0.8,
            hoverBorderColor: '#0f2f4f',
            hoverBorderWidth: 1.5,
            // The quantile classes colour the units, not the colour scale's linear ramp.
            backgroundColor: (context: { raw?: unknown }) => classColor((context.raw as MapPoint | undefined)?.value, classesRef.current),
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        onClick: (_event, elements) => {
          const index = elements[0]?.index;
          const properties = index === undefined ? undefined : features[index]?.properties;
          if (properties) onSelectRef.current?.({ name: properties.name, code: properties.code });
        },
        onHover: (event, elements) => {
          const target = event.native?.target;
          if (target instanceof HTMLElement) target.style.cursor = elements.length > 0 && onSelectRef.current ? 'pointer' : 'default';
          const point = elements[0] ? chart.current?.data.datasets[0]?.data[elements[0].index] : undefined;
          const text = point ? hoverTextOf(point, measureRef.current) : null;
          setHovered(text);
          if (target instanceof HTMLElement) target.title = text ?? '';
        },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              title: (items: TooltipItem<'choropleth'>[]) => (items[0]?.raw as MapPoint | undefined)?.feature.properties.name ?? '',
              label: (item: TooltipItem<'choropleth'>) => {
                const row = (item.raw as MapPoint).row;
                return row ? measureRef.current.lines(row) : ['暂无数据'];
              },
            },
          },
        },
        scales: {
          projection: {
            axis: 'x',
            projection,
            padding: 12,
          },
          // The legend is the HTML one below the map (classes and 无数据).
          color: { axis: 'x', display: false, missing: MAP_NO_DATA_COLOR },
        },
      },
      plugins: inset ? [insetPlugin(inset, outline)] : [],
    };
    const instance = new Chart(canvas.current, config as never) as unknown as MapChart;
    chart.current = instance;
    drawnRows.current = rowsRef.current;
    setPoints(points);
    setDrawnMapId(ready.mapId);
    markCenters(instance, features);
    return () => {
      instance.destroy();
      if (chart.current === instance) chart.current = null;
    };
  }, [ready]);

  useEffect(() => {
    const instance = chart.current;
    const dataset = instance?.data.datasets[0];
    if (!instance || !dataset || drawnRows.current === rows) return;
    drawnRows.current = rows;
    const features = dataset.data.map((p) => p.feature);
    const points = pointsOf(features, rows, measureRef.current);
    dataset.data = points;
    classesRef.current = classesOf(points);
    setPoints(points);
    instance.update();
    markCenters(instance, features);
  }, [rows, ready]);

  const drawn = ready !== null && ready.mapId === mapId && drawnMapId === mapId;
  const busy = loading || (!drawn && !failed);
  const classes = classesOf(points);
  const tableRows = table ? tableRowsOf(points) : [];
  return (
    <div className={table ? 'china-map china-map--with-table' : 'china-map'}>
      <div className="china-map__figure">
        <div style={{ position: 'relative', height }} aria-busy={busy}>
          <canvas ref={canvas} role="img" aria-label={`${mapTitleOf(mapId)}${measure.label}地图`} data-drawn={drawn ? 'true' : 'false'} />
          {failed ? (
            <div
              style={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                color: '#767676',
                background: '#ffffff',
              }}
            >
              地图加载失败，请刷新重试
            </div>
          ) : null}
          <PanelBusy active={busy} />
        </div>
        <div className="china-map__under">
          <ul className="china-map__legend" aria-label={`${measure.label}图例`}>
            {classes.map((c) => (
              <li key={c.color} className="china-map__legend-item" data-color={c.color}>
                <span className="china-map__swatch" style={{ background: c.color }} aria-hidden="true" />
                {classRangeText(c, measure.tick)}
              </li>
            ))}
            <li className="china-map__legend-item" data-color={MAP_NO_DATA_COLOR}>
              <span className="china-map__swatch" style={{ background: MAP_NO_DATA_COLOR }} aria-hidden="true" />
              {MAP_NO_DATA_LABEL}
            </li>
          </ul>
          <div className="china-map__hover" aria-live="polite">
            {hovered ?? '将鼠标移到地图上查看各地数值'}
          </div>
        </div>
      </div>
      {table ? (
        <table className="ui very compact small celled table china-map__table" aria-label={`各地${measure.label}`}>
          <thead>
            <tr>
              <th scope="col">地区</th>
              <th scope="col">
                <DefinedLabel label={measure.label} />
              </th>
            </tr>
          </thead>
          <tbody>
            {tableRows.map((r) => (
              <tr key={r.name}>
                <th scope="row">
                  <span className="china-map__swatch" style={{ background: classColor(r.value, classes) }} aria-hidden="true" />
                  {r.name}
                </th>
                <td>{r.value === null ? '-' : measure.tick(r.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function hoverTextOf(point: MapPoint, measure: MapMeasure): string {
  const name = point.feature.properties.name;
  return mapHoverText(name, point.value === null ? null : `${measure.label} ${measure.tick(point.value)}`);
}
