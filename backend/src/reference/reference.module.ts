import { Global, Module } from '@nestjs/common';
import { CalendarRepository, KeptCalendar } from './calendar.repository';
import { DataStatusService } from './data-status.service';
import { DictionaryRepository } from './dictionary.repository';
import { GeographyRepository } from './geography.repository';
import { ReferenceCheck } from './reference-check.service';
import { ReferenceIdsRepository } from './reference-ids.repository';
import { SegmentRepository } from './segment.repository';

/**
 * Reference data: what every installation needs, demo data or not. The static tables (geography,
 * dictionaries, segments and families, roles) live in `data/`, which the reference-data migration
 * writes and the demo generator reads; the repositories here are the one place each kind of it
 * (and data_month, the calendar of months with data) is read, and `ReferenceCheck` the one place a
 * request's ids and months are checked against it (decision 131). Global: every area reads it.
 */
const REFERENCE_PROVIDERS = [
  CalendarRepository,
  KeptCalendar,
  DataStatusService,
  DictionaryRepository,
  GeographyRepository,
  SegmentRepository,
  ReferenceIdsRepository,
  ReferenceCheck,
];

/** Every provider is exported: reference data has no private parts. */
@Global()
@Module({ providers: REFERENCE_PROVIDERS, exports: REFERENCE_PROVIDERS })
export class ReferenceModule {}
