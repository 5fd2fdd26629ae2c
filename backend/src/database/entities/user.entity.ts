import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A role (analyst, admin); what it may see is the menus linked to it. */
@Entity('role')
export class Role {
  @PrimaryColumn({ type: 'smallint' }) id: number;
  @Column({ type: 'varchar', length: 32 }) code: string;
  @Column({ type: 'varchar', length: 32 }) name: string;
}

/** A menu group (parentId null) or a page under it, with the page's route path. */
@Entity('menu')
export class Menu {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ name: 'parent_id', type: 'integer', nullable: true }) parentId: number | null;
  @Column({ type: 'varchar', length: 32 }) name: string;
  @Column({ type: 'varchar', length: 128 }) path: string;
  @Column({ type: 'integer' }) sort: number;
}

@Entity('role_menu')
export class RoleMenu {
  @PrimaryColumn({ name: 'role_id', type: 'smallint' }) roleId: number;
  @PrimaryColumn({ name: 'menu_id', type: 'integer' }) menuId: number;
}

@Entity('app_user')
export class AppUser {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 64 }) account: string;
  /** Argon2id; the password itself is never stored or logged. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false }) passwordHash: string;
  @Column({ type: 'varchar', length: 64 }) nickname: string;
  @Column({ name: 'role_id', type: 'smallint' }) roleId: number;
  @ManyToOne(() => Role) @JoinColumn({ name: 'role_id' }) role?: Role;
  @Column({ name: 'producer_id', type: 'integer', nullable: true }) producerId: number | null;
  @Column({ name: 'brand_id', type: 'integer', nullable: true }) brandId: number | null;
  @Column({ type: 'boolean' }) enabled: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'password_changed_at', type: 'timestamptz' }) passwordChangedAt: Date;
  /** A password an administrator set (new account, reset): the user must change it at the next sign-in. */
  @Column({ name: 'must_change_password', type: 'boolean' }) mustChangePassword: boolean;
}

/** What creating a user writes: the administrators' form and the demo set's accounts. */
export type NewUser = Pick<AppUser, 'account' | 'passwordHash' | 'nickname' | 'roleId' | 'producerId' | 'brandId'>;
