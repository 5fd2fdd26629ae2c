import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** What the boot step asks of the database before the app serves. */
@Injectable()
export class MarketDataRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether any market data was loaded (the catalog has trims): an empty database gets the demo set. */
  async hasMarketData(): Promise<boolean> {
    const [{ found }] = await this.dataSource.query<Array<{ found: boolean }>>('SELECT EXISTS (SELECT 1 FROM car) AS found');
    return found === true;
  }
}
