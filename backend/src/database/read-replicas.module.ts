import { Global, Module } from '@nestjs/common';
import { ReadReplicas } from './read-replicas';

/** The analytics reads' replicas (decision 223), for every repository that may read one; the worker's reads the primary. */
@Global()
@Module({
  providers: [ReadReplicas],
  exports: [ReadReplicas],
})
export class ReadReplicasModule {}
