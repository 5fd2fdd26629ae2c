import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** 报告: a downloadable file for one producer (and perhaps one user); the file lives under DATA_DIR/reports/{fileName}. */
@Entity('report')
export class Report {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'producer_id', type: 'integer' }) producerId: number;
  @Column({ type: 'varchar', length: 128 }) name: string;
  @Column({ type: 'integer' }) month: number;
  @Column({ name: 'file_name', type: 'varchar', length: 255 }) fileName: string;
  @Column({ name: 'file_size', type: 'integer' }) fileSize: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'uploaded_by', type: 'integer', nullable: true }) uploadedBy: number | null;
  /** The one user who sees it (a competitor set's monthly deck, decision 299); null: every signed-in user (decision 101). */
  @Column({ name: 'owner_id', type: 'integer', nullable: true }) ownerId: number | null;
  /** The competitor set it was written for: it goes with the set. */
  @Column({ name: 'competitor_set_id', type: 'integer', nullable: true }) competitorSetId: number | null;
}

export type ExportJobStatus = 'queued' | 'running' | 'done' | 'failed';

/** An Excel export or report bundle being made in the background. */
@Entity('export_job')
export class ExportJob {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'varchar', length: 32 }) kind: string;
  @Column({ type: 'jsonb' }) params: Record<string, unknown>;
  @Column({ type: 'varchar', length: 16 }) status: ExportJobStatus;
  @Column({ type: 'smallint' }) progress: number;
  @Column({ name: 'file_name', type: 'varchar', length: 255, nullable: true }) fileName: string | null;
  @Column({ name: 'row_count', type: 'integer', nullable: true }) rowCount: number | null;
  @Column({ name: 'rows_expected', type: 'integer', nullable: true }) rowsExpected: number | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) error: string | null;
  @Column({ name: 'user_id', type: 'integer', nullable: true }) userId: number | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true }) finishedAt: Date | null;
}
