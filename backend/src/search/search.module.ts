import { Module } from '@nestjs/common';
import { CatalogRepository } from './catalog.repository';
import { GeographyRepository } from './geography.repository';
import { PickListService } from './pick-list.service';
import { ReferenceRepository } from './reference.repository';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/**
 * The search calls: months with data, segments, dictionaries, regions → provinces → cities, and the maker
 * pick-lists (producers, brands, producer-brands, series, sub-series, trims). Reads only; owns no table.
 */
@Module({
  controllers: [SearchController],
  providers: [SearchService, PickListService, ReferenceRepository, GeographyRepository, CatalogRepository],
})
export class SearchModule {}
