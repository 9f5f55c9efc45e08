import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../../server/kit';
import { freightPrice, parseCharges, parseFrees } from './rules';

/**
 * An order's freight: each SPU names its 运费模板 (goods_spu.delivery_template_id); the lines sharing a
 * template are charged together (pieces, weight or volume by the template's mode), and the order pays
 * the sum. Lines whose goods name no template ship free.
 * The template, weight and volume come with each line from the goods' snapshot (stock contract).
 */

export interface FreightLine {
  count: number;
  /** The line's goods amount (price × count), for the free-from-amount rule. */
  amount: Decimal;
  /** The goods' 运费模板 (null: ships free), and one unit's weight and volume. */
  templateId: string | null;
  weight: string;
  volume: string;
}

interface TemplateRow {
  id: string;
  charge_mode: string;
  charges: string | null;
  frees: string | null;
}

export async function deliveryPriceFor(trx: Transaction<Database>, tenantId: number, areaId: string, lines: readonly FreightLine[]): Promise<Decimal> {
  const templateIds = [...new Set(lines.flatMap((line) => (line.templateId === null ? [] : [line.templateId])))];
  if (templateIds.length === 0) return new Decimal(0);
  const templates = await sql<TemplateRow>`select id, charge_mode, charges, frees from sale_freight_template
    where tenant_id = ${tenantId} and id in (${sql.join(templateIds)})`.execute(trx);
  let total = new Decimal(0);
  for (const template of templates.rows) {
    let quantity = new Decimal(0);
    let goods = new Decimal(0);
    for (const line of lines) {
      if (line.templateId !== template.id) continue;
      const measure = template.charge_mode === '2' ? new Decimal(line.weight) : template.charge_mode === '3' ? new Decimal(line.volume) : new Decimal(1);
      quantity = quantity.plus(measure.times(line.count));
      goods = goods.plus(line.amount);
    }
    total = total.plus(freightPrice(parseCharges(template.charges), parseFrees(template.frees), areaId, quantity, goods));
  }
  return total;
}
