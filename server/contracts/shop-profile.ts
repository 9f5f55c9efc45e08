import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The shop's own details (店铺信息, one per tenant), as the documents print the seller (乙方, 发货方):
 * provided by the system plugin (`shopProfile`), which keeps and edits them; the orders plugin reads them
 * for its contracts and delivery notes.
 */
export interface ShopProfile {
  /** The legal name (公司名称); the tenant's name while none is entered. */
  legalName: string;
  /** 纳税人识别号 (统一社会信用代码). */
  taxNo: string;
  bankName: string;
  bankAccount: string;
  address: string;
  phone: string;
  contactName: string;
  /** The shop's logo, when one was uploaded as a PNG or JPEG of the tenant's own files. */
  logo: ShopImage | null;
  /** The contract seal (合同章), likewise. */
  seal: ShopImage | null;
}

/** An image a PDF can embed as it is. */
export interface ShopImage {
  format: 'png' | 'jpeg';
  data: Buffer;
}

export interface ShopProfileService {
  /** The tenant's profile as documents print it (never fails for a tenant without one: its name and blanks). */
  profile(db: Kysely<Database>, tenantId: number): Promise<ShopProfile>;
}

declare module '../plugin-services' {
  interface ServiceMap {
    shopProfile: ShopProfileService;
  }
}
