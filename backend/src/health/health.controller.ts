import { Controller, Get } from '@nestjs/common';
import { HEALTH, type ResultOf } from '@car/contracts';
import { Public } from '../security/security.decorators';
import { HealthService } from './health.service';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get(HEALTH.check.path)
  check(): Promise<ResultOf<typeof HEALTH.check>> {
    return this.health.check();
  }
}
