import type { BrandSpec, Catalog, ProducerSpec, SubSeriesSpec } from './types';

/**
 * Reads a catalog written one record a line, '|' between fields (blank lines and lines starting
 * with # are skipped):
 *   P|producer name|initial|property|brandType
 *   B|brand name|initial|family|property|group
 *   S|producer|brand|series|sub-series name|initial|segment|body|energy|priceLow-priceHigh|launch|end|peakMonthly|engines|batteries
 * engines and batteries are comma lists and may be empty; end may be empty.
 */
export function parseCatalog(text: string): Catalog {
  const catalog: Catalog = { producers: [], brands: [], subSeries: [] };
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const f = line.split('|').map((x) => x.trim());
    const fail = (why: string): never => {
      throw new Error(`catalog line ${index + 1} (${line}): ${why}`);
    };
    switch (f[0]) {
      case 'P':
        if (f.length !== 5) fail('a producer has 5 fields');
        catalog.producers.push({ name: f[1], initial: f[2], property: f[3] as ProducerSpec['property'], brandType: Number(f[4]) as ProducerSpec['brandType'] });
        break;
      case 'B':
        if (f.length !== 6) fail('a brand has 6 fields');
        catalog.brands.push({ name: f[1], initial: f[2], family: f[3] as BrandSpec['family'], property: f[4] as BrandSpec['property'], group: f[5] });
        break;
      case 'S': {
        if (f.length !== 15) fail(`a sub-series has 15 fields, not ${f.length}`);
        const [low, high] = f[9].split('-').map(Number);
        if (!(low > 0 && high >= low)) fail('price must be low-high in 万元');
        const list = (s: string) => (s ? s.split(',').map((x) => x.trim()).filter(Boolean) : undefined);
        const spec: SubSeriesSpec = {
          producer: f[1], brand: f[2], series: f[3], name: f[4], initial: f[5],
          segment: Number(f[6]) as SubSeriesSpec['segment'], body: f[7] as SubSeriesSpec['body'], energy: f[8] as SubSeriesSpec['energy'],
          price: [low, high], launch: f[10], end: f[11] || undefined, peakMonthly: Number(f[12]),
          engines: list(f[13]), batteries: list(f[14])?.map(Number),
        };
        if (!/^\d{4}-\d{2}$/.test(spec.launch) || (spec.end && !/^\d{4}-\d{2}$/.test(spec.end))) fail('months are YYYY-MM');
        if (!(spec.peakMonthly > 0)) fail('peakMonthly must be positive');
        catalog.subSeries.push(spec);
        break;
      }
      default:
        fail('a line starts with P, B or S');
    }
  });
  return catalog;
}
