import { sql, type Kysely } from 'kysely';
import { JOB_STATUS_NORMAL, newId } from '../../../../server/kit';
import { autoGoodReviewJob } from '../jobs';

/**
 * 商品评价's tables, written out (not derived from the entities) so that the schema stays as released:
 *
 * - `review_comment`: one review per order line (unique per shop while the line is named; a 虚拟评价 names none), its
 *   three scores 1–5, plain text, up to nine stored picture paths, the one reply, and whether buyers see it.
 * - `review_spu_stat`: per goods, the count and 商品评分 sum of its visible reviews, their average to one decimal, and the
 *   好评 and picture counts; changed only together with the review that moves them (server/service.ts).
 * - The auto good review job (`reviews.autoGoodReview`, hourly): it does nothing while REVIEW_AUTO_DAYS is 0 (off).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table review_comment (
    id varchar(32) primary key,
    tenant_id integer not null default 0,
    spu_id varchar(32) not null,
    spu_name varchar(128) not null default '',
    sku_id varchar(32),
    spec_text varchar(255) not null default '',
    order_id varchar(32),
    order_item_id varchar(32),
    member_id varchar(32),
    nickname varchar(64) not null,
    anonymous boolean not null default false,
    source varchar(1) not null,
    goods_score integer not null,
    service_score integer not null,
    delivery_score integer not null,
    content text not null,
    pic_urls varchar(4000),
    has_images boolean not null default false,
    replied boolean not null default false,
    reply_content text,
    reply_time timestamptz,
    reply_by varchar(50),
    visible boolean not null default true,
    create_by varchar(50),
    create_time timestamptz not null default now(),
    update_by varchar(50),
    update_time timestamptz,
    constraint review_comment_score_ck check (goods_score between 1 and 5 and service_score between 1 and 5 and delivery_score between 1 and 5),
    constraint review_comment_source_ck check (source in ('1', '2', '3')),
    constraint review_comment_text_ck check (char_length(content) <= 500 and (reply_content is null or char_length(reply_content) <= 500))
  )`.execute(db);
  await sql`create unique index review_comment_item_uq on review_comment (tenant_id, order_item_id) where order_item_id is not null`.execute(db);
  // The list (newest first within the shop), a goods' reviews (the buyers' page, 商品详情's tab) and the engine's filters.
  await sql`create index review_comment_list_idx on review_comment (tenant_id, create_time, id)`.execute(db);
  await sql`create index review_comment_spu_idx on review_comment (tenant_id, spu_id, visible, create_time)`.execute(db);
  await sql`create index review_comment_member_idx on review_comment (tenant_id, member_id)`.execute(db);

  await sql`create table review_spu_stat (
    id varchar(32) primary key,
    tenant_id integer not null default 0,
    spu_id varchar(32) not null,
    review_count integer not null default 0,
    score_sum integer not null default 0,
    score numeric(2, 1) not null default 0,
    good_count integer not null default 0,
    image_count integer not null default 0,
    create_by varchar(50),
    create_time timestamptz not null default now(),
    update_by varchar(50),
    update_time timestamptz,
    constraint review_spu_stat_ck check (review_count >= 0 and score_sum >= 0 and good_count between 0 and review_count and image_count between 0 and review_count
      and score_sum between review_count and 5 * review_count and score between 0 and 5)
  )`.execute(db);
  await sql`create unique index review_spu_stat_spu_uq on review_spu_stat (tenant_id, spu_id)`.execute(db);
  await sql`create index review_spu_stat_score_idx on review_spu_stat (tenant_id, score)`.execute(db);

  await sql`insert into sys_quartz_job (id, job_class_name, cron_expression, description, status, create_by)
    values (${newId()}, ${autoGoodReviewJob.name}, '0 40 * * * ?', ${autoGoodReviewJob.title}, ${JOB_STATUS_NORMAL}, 'admin')
    on conflict (job_class_name) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sys_quartz_job where job_class_name = ${autoGoodReviewJob.name}`.execute(db);
  await sql`drop table if exists review_spu_stat`.execute(db);
  await sql`drop table if exists review_comment`.execute(db);
}
