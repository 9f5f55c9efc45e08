import { createContext } from 'react';
import type { EntityDefinition } from '../../contracts/entity';

// Apart from the columns themselves, so the app's shell can provide the registry without loading the list pieces.

/**
 * Columns one plugin adds to another's list (商品评价's 商品评分 and 评价数 on 商品SPU) without either importing the
 * other: the contributing plugin's entity holds one record per row of the list, keyed by the row's id.
 */
export interface ContributedColumns {
  key: string;
  /** The contributing plugin's entity: one record per row of the list (e.g. a goods' review figures). */
  entity: EntityDefinition;
  /** The entity's field holding the list row's id (e.g. `spuId`). */
  foreignKey: string;
  /** The entity's fields shown, each a column titled with the field's label. */
  fields: readonly string[];
  /** Shown only to users granted this code (the contributing entity's read permission). */
  permission: string;
  /** Locale namespaces of the contributing plugin (the column titles are in them). */
  namespaces: readonly string[];
}

export const ContributedColumnsContext = createContext<(table: string) => readonly ContributedColumns[]>(() => []);
