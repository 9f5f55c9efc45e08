import Decimal from 'decimal.js';

/**
 * Money on the wire: a number of yuan with at most two decimals (docs/business-api.md: "money is a number of yuan"), made
 * from the exact NUMERIC text or Decimal. Two decimals survive the conversion to a double and back exactly.
 */
export function moneyOnWire(value: string | number | Decimal): number {
  return Number(new Decimal(value).toFixed(2));
}
