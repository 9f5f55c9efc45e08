import { sql, type Kysely, type Migration } from 'kysely';
import { createEntityIndexes } from '../../../../server/kit';
import { permissionEntity } from '../../permissions/entities';
import { roleEntity } from '../entities';

export const roleMigrations: Record<string, Migration> = {
  '0201_role_permissions_and_data_rules': {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .createTable('permission_data_rules')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
        .addColumn('rule_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('rule_column', 'varchar(64)', (c) => c.notNull())
        .addColumn('rule_conditions', 'varchar(16)', (c) => c.notNull())
        .addColumn('rule_value', 'varchar(300)', (c) => c.notNull())
        .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
        .addColumn('create_by', 'varchar(50)')
        .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('update_by', 'varchar(50)')
        .addColumn('update_time', 'timestamptz')
        .execute();
      await db.schema.createIndex('permission_data_rules_permission_idx').on('permission_data_rules').column('permission_id').execute();

      await db.schema.alterTable('role_permission').addColumn('data_rule_ids', 'varchar(1000)').execute();

      await db.schema
        .createTable('depart_permission')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('depart_id', 'varchar(32)', (c) => c.notNull().references('departments.id').onDelete('cascade'))
        .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
        .addColumn('data_rule_ids', 'varchar(1000)')
        .addUniqueConstraint('depart_permission_uq', ['depart_id', 'permission_id'])
        .execute();

      // role_id is depart_roles.id, created later by the departments area: no foreign key (see tables.ts).
      await db.schema
        .createTable('depart_role_permission')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('depart_id', 'varchar(32)', (c) => c.notNull().references('departments.id').onDelete('cascade'))
        .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
        .addColumn('data_rule_ids', 'varchar(1000)')
        .addUniqueConstraint('depart_role_permission_uq', ['role_id', 'permission_id'])
        .execute();
      await db.schema.createIndex('depart_role_permission_depart_idx').on('depart_role_permission').columns(['depart_id', 'permission_id']).execute();
    },
  },
  // Lists at scale: the indexes derived from the entity as it is now, after every earlier migration.
  '0290_list_indexes': {
    up: async (db: Kysely<unknown>) => {
      await createEntityIndexes(db, roleEntity);
      await createEntityIndexes(db, permissionEntity);
    },
  },
};
