import { Injectable } from '@nestjs/common';
import type { ExportKind } from '@car/contracts';
import { PriceExport, PriceVolumeExport, RebateExport } from './analytics-export';
import { CityRetailExport } from './city-retail.export';
import type { ExportDefinition } from './export-pipeline';

/** Every kind of export by its kind: the one registry the API (refusals, file names) and the processor read. */
@Injectable()
export class ExportDefinitions {
  private readonly byKind: Record<ExportKind, ExportDefinition<never>>;

  constructor(cityRetail: CityRetailExport, mix: PriceVolumeExport, price: PriceExport, fandian: RebateExport) {
    this.byKind = { cityRetail, mix, price, fandian };
  }

  of<F>(kind: ExportKind): ExportDefinition<F> {
    const definition = this.byKind[kind];
    if (!definition) throw new Error(`no export of kind ${kind}`);
    return definition;
  }
}
