import { Module } from '@nestjs/common';
import { CatalogRepository } from './catalog.repository';
import { PickListService } from './pick-list.service';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/**
 * The search calls: months with data, segments, dictionaries, regions → provinces → cities, and the maker
 * pick-lists (producers, brands, producer-brands, series, sub-series, trims). Reads only; owns no table:
 * the reference lists come from ReferenceModule, the pick-lists from CatalogRepository.
 */
@Module({
  controllers: [SearchController],
  providers: [SearchService, PickListService, CatalogRepository],
})
export class SearchModule {}
