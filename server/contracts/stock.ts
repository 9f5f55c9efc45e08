import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { LedgerPosting } from '../ledger/ledger';

/**
 * The stock moves of a document (an order, an after-sale, a procurement delivery), provided by the goods
 * plugin (`stock`). Each runs inside the caller's transaction and is all-or-nothing: a refused line
 * throws a business error naming the goods, and the caller's rollback takes the other lines with it.
 * Reserve, then deduct (docs/reference/business-domains.md §0a): available = stock − reserved.
 */
export interface StockLine {
  skuId: string;
  /** A positive whole number of units. */
  count: number;
}

export interface StockMoveContext {
  /** The document the move belongs to, written on the stock records. */
  bizId?: string | null;
  operator?: string | null;
}

/** What a document needs to know of a SKU when it is placed (a snapshot: later edits do not change it). */
export interface SkuSnapshot {
  skuId: string;
  spuId: string;
  spuName: string;
  /** The SPU's category (coupons and campaigns scoped to categories match on it). */
  categoryId: string | null;
  specText: string;
  picUrl: string | null;
  /** Sale price in yuan, exact (two decimals). */
  price: string;
  /** stock − reserved. */
  available: number;
  /** Whether the goods are on sale (上架). */
  onShelf: boolean;
  /** The SPU's 运费模板, or null (ships free). */
  deliveryTemplateId: string | null;
  /** kg and m³ of one unit, exact text (freight by weight or volume). */
  weight: string;
  volume: string;
  /** The SPU's unit (件, 箱 …), or ''. */
  unit: string;
  /** The SKU's barcode (条码, e.g. EAN-13), or '' (the warehouse's 配货单 prints it). */
  barCode: string;
  /** The SKU's shelf place (库位, e.g. A-03-02), or '': the 配货单 walks the shelves in its order. */
  location: string;
  /**
   * The SKU's own commission per unit for the buyer's upline (level 1) and theirs (level 2), yuan, when its SPU
   * opts in (单独设置佣金, subCommissionType); null when the distribution programme's rates apply.
   */
  fixedCommission: { first: string; second: string } | null;
  /** The SPU's 赠送积分 per unit bought (granted when the order completes). */
  giveIntegral: number;
}

export interface StockService {
  /** An order is placed: reserve while reserved + n ≤ stock. */
  reserve(trx: Transaction<Database>, tenantId: number, lines: readonly StockLine[]): Promise<void>;
  /** An unpaid order closes: give the reservation back. */
  release(trx: Transaction<Database>, tenantId: number, lines: readonly StockLine[]): Promise<void>;
  /** An order is paid: stock and reservation both go down, with a 销售出库 record per line. */
  deductReserved(trx: Transaction<Database>, tenantId: number, lines: readonly StockLine[], context?: StockMoveContext): Promise<LedgerPosting[]>;
  /** Goods come back (退货入库) or a shipment is undone. */
  restock(trx: Transaction<Database>, tenantId: number, lines: readonly StockLine[], context?: StockMoveContext): Promise<LedgerPosting[]>;
  /** The SKUs as they are now, in the order asked; unknown ids are left out. */
  snapshots(trx: Transaction<Database>, tenantId: number, skuIds: readonly string[]): Promise<SkuSnapshot[]>;
  /** Names and main pictures of SPUs (the reports' rankings), deleted ones included; unknown ids are left out. */
  spus(db: Kysely<Database>, tenantId: number, spuIds: readonly string[]): Promise<SpuName[]>;
  /** On-sale SKUs with at least `available` units not reserved, by id, at most `limit` (demo data). */
  skusWithRoom(db: Kysely<Database>, tenantId: number, available: number, limit: number): Promise<string[]>;
}

export interface SpuName {
  spuId: string;
  /** 编号: the SPU's number (shown instead of its id). */
  no: number | null;
  name: string;
  picUrl: string | null;
}

declare module '../plugin-services' {
  interface ServiceMap {
    stock: StockService;
  }
}
