import type { Generated } from 'kysely';

/** Tables of migrations 0005 and 0006, used through `db.withTables<PopupReportTables>()` (no edit of the core schema). */
export type PopupReportTables = {
  onl_cgreport_head: {
    id: string;
    code: string;
    name: string;
    cgr_sql: string;
    create_time: Generated<Date>;
  };
  onl_cgreport_item: {
    id: string;
    cgrhead_id: string;
    field_name: string;
    field_txt: string;
    field_type: string;
    field_width: number | null;
    is_show: number;
    is_order: number;
    is_search: number;
    search_hidden: string;
    /** 'single' or 'range' (`<field>_begin` / `<field>_end`); migration 0006. */
    search_mode: Generated<string>;
    dict_code: string | null;
    order_num: number;
  };
  demo_member: { id: string; member_no: string; member_name: string; phone: string; level_name: string; points: number; sex: Generated<string>; join_date: Generated<Date> };
  demo_goods: { id: string; goods_code: string; goods_name: string; spec: string; price: number; stock: number };
};
