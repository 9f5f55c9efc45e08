import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../server/db/schema';
import { freightPrice, parseCharges, parseFrees } from './freight';

/**
 * An order's freight: each SPU names its 运费模板 (goods_spu.delivery_template_id); the lines sharing a
 * template are charged together (pieces, weight or volume by the template's mode), and the order pays
 * the sum. Lines whose goods name no template ship free.
 *
 * The template id, weight and volume are read from the goods tables here because the stock contract's
 * SkuSnapshot does not carry them yet; they belong there (deliveryTemplateId, weight, volume).
 */

export interface FreightLine {
  skuId: string;
  count: number;
  /** The line's goods amount (price × count), for the free-from-amount rule. */
  amount: Decimal;
}

interface SkuFreightRow {
  id: string;
  template_id: string | null;
  weight: string | null;
  volume: string | null;
}

interface TemplateRow {
  id: string;
  charge_mode: string;
  charges: string | null;
  frees: string | null;
}

export async function deliveryPriceFor(trx: Transaction<Database>, tenantId: number, areaId: string, lines: readonly FreightLine[]): Promise<Decimal> {
  if (lines.length === 0) return new Decimal(0);
  const skus = await sql<SkuFreightRow>`select k.id, s.delivery_template_id as template_id, k.weight::text as weight, k.volume::text as volume
    from goods_sku k join goods_spu s on s.id = k.spu_id and s.tenant_id = k.tenant_id
    where k.tenant_id = ${tenantId} and k.id in (${sql.join(lines.map((line) => line.skuId))})`.execute(trx);
  const bySku = new Map(skus.rows.map((row) => [row.id, row]));
  const templateIds = [...new Set(skus.rows.flatMap((row) => (row.template_id === null || row.template_id === '' ? [] : [row.template_id])))];
  if (templateIds.length === 0) return new Decimal(0);
  const templates = await sql<TemplateRow>`select id, charge_mode, charges, frees from sale_freight_template
    where tenant_id = ${tenantId} and id in (${sql.join(templateIds)})`.execute(trx);
  let total = new Decimal(0);
  for (const template of templates.rows) {
    let quantity = new Decimal(0);
    let goods = new Decimal(0);
    for (const line of lines) {
      const sku = bySku.get(line.skuId);
      if (sku?.template_id !== template.id) continue;
      const measure = template.charge_mode === '2' ? new Decimal(sku.weight ?? 0) : template.charge_mode === '3' ? new Decimal(sku.volume ?? 0) : new Decimal(1);
      quantity = quantity.plus(measure.times(line.count));
      goods = goods.plus(line.amount);
    }
    total = total.plus(freightPrice(parseCharges(template.charges), parseFrees(template.frees), areaId, quantity, goods));
  }
  return total;
}
