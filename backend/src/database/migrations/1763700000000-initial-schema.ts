import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The data model of DESIGN.md. Months are integers YYYYMM (202410), so year, quarter and
 * same-month-last-year are arithmetic. Fact tables carry no foreign keys: they are bulk-loaded by COPY
 * from the generator or an importer that checks references first, and a per-row check would slow
 * loading tens of millions of rows for no gain.
 */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE area (
        id smallint PRIMARY KEY,
        name varchar(16) NOT NULL UNIQUE,
        sort smallint NOT NULL
      );
      CREATE TABLE province (
        id integer PRIMARY KEY,
        name varchar(32) NOT NULL UNIQUE,
        short_name varchar(16) NOT NULL,
        area_id smallint NOT NULL REFERENCES area(id)
      );
      CREATE TABLE city (
        id integer PRIMARY KEY,
        name varchar(32) NOT NULL,
        province_id integer NOT NULL REFERENCES province(id),
        tier smallint NOT NULL CHECK (tier BETWEEN 1 AND 5),
        driving_restricted boolean NOT NULL DEFAULT false,
        purchase_restricted boolean NOT NULL DEFAULT false,
        weight real NOT NULL DEFAULT 0
      );
      CREATE INDEX city_province_idx ON city(province_id);

      CREATE TABLE dictionary (
        type varchar(32) NOT NULL,
        key varchar(32) NOT NULL,
        value varchar(64) NOT NULL,
        sort smallint NOT NULL DEFAULT 0,
        PRIMARY KEY (type, key)
      );
      CREATE TABLE segment (
        id smallint PRIMARY KEY,
        name varchar(32) NOT NULL UNIQUE,
        category smallint NOT NULL,
        sort smallint NOT NULL
      );
      CREATE TABLE family (
        id smallint PRIMARY KEY,
        name varchar(16) NOT NULL UNIQUE
      );
      CREATE TABLE brand_group (
        id smallint PRIMARY KEY,
        name varchar(32) NOT NULL UNIQUE
      );
      CREATE TABLE producer (
        id integer PRIMARY KEY,
        name varchar(64) NOT NULL UNIQUE,
        initial char(1) NOT NULL,
        property smallint NOT NULL,
        jll_type smallint NOT NULL CHECK (jll_type IN (0, 1, 2))
      );
      CREATE TABLE brand (
        id integer PRIMARY KEY,
        name varchar(64) NOT NULL UNIQUE,
        initial char(1) NOT NULL,
        property smallint NOT NULL,
        family_id smallint NOT NULL REFERENCES family(id),
        group_id smallint NOT NULL REFERENCES brand_group(id),
        jll_type smallint NOT NULL CHECK (jll_type IN (0, 1, 2))
      );
      CREATE TABLE producer_brand (
        id integer PRIMARY KEY,
        name varchar(128) NOT NULL,
        initial char(1) NOT NULL,
        producer_id integer NOT NULL REFERENCES producer(id),
        brand_id integer NOT NULL REFERENCES brand(id),
        UNIQUE (producer_id, brand_id)
      );
      CREATE TABLE series (
        id integer PRIMARY KEY,
        name varchar(64) NOT NULL,
        initial char(1) NOT NULL,
        producer_brand_id integer NOT NULL REFERENCES producer_brand(id),
        UNIQUE (producer_brand_id, name)
      );
      CREATE TABLE sub_series (
        id integer PRIMARY KEY,
        code varchar(16) NOT NULL UNIQUE,
        name varchar(64) NOT NULL UNIQUE,
        initial char(1) NOT NULL,
        series_id integer NOT NULL REFERENCES series(id),
        producer_brand_id integer NOT NULL REFERENCES producer_brand(id),
        producer_id integer NOT NULL REFERENCES producer(id),
        brand_id integer NOT NULL REFERENCES brand(id),
        segment_id smallint NOT NULL REFERENCES segment(id),
        body_type smallint NOT NULL,
        fuel smallint NOT NULL,
        launch_month integer NOT NULL,
        end_month integer
      );
      CREATE TABLE car (
        id integer PRIMARY KEY,
        jll_code varchar(20) NOT NULL UNIQUE,
        name varchar(128) NOT NULL,
        sub_series_id integer NOT NULL REFERENCES sub_series(id),
        series_id integer NOT NULL REFERENCES series(id),
        producer_brand_id integer NOT NULL REFERENCES producer_brand(id),
        producer_id integer NOT NULL REFERENCES producer(id),
        brand_id integer NOT NULL REFERENCES brand(id),
        segment_id smallint NOT NULL REFERENCES segment(id),
        model_year smallint NOT NULL,
        msrp integer NOT NULL CHECK (msrp > 0),
        fuel smallint NOT NULL,
        engine varchar(16),
        battery_kwh numeric(5, 1),
        body_type smallint NOT NULL,
        gearbox smallint NOT NULL,
        drive smallint NOT NULL,
        emission_standard smallint,
        model_level smallint NOT NULL,
        seats smallint NOT NULL,
        launch_month integer NOT NULL,
        end_month integer
      );
      CREATE INDEX car_sub_series_idx ON car(sub_series_id);

      CREATE TABLE retail_fact (
        month integer NOT NULL,
        car_id integer NOT NULL,
        city_id integer NOT NULL,
        use_nature smallint NOT NULL,
        ownership smallint NOT NULL,
        colour smallint NOT NULL,
        qty integer NOT NULL CHECK (qty > 0),
        PRIMARY KEY (month, car_id, city_id, use_nature, ownership, colour)
      );
      CREATE TABLE wholesale_fact (
        month integer NOT NULL,
        car_id integer NOT NULL,
        qty integer NOT NULL CHECK (qty > 0),
        PRIMARY KEY (month, car_id)
      );
      CREATE TABLE price_fact (
        month integer NOT NULL,
        car_id integer NOT NULL,
        city_id integer NOT NULL,
        tp integer NOT NULL CHECK (tp > 0),
        qty integer NOT NULL CHECK (qty > 0),
        PRIMARY KEY (month, car_id, city_id)
      );
      CREATE TABLE msrp_month (
        month integer NOT NULL,
        car_id integer NOT NULL,
        msrp integer NOT NULL CHECK (msrp > 0),
        PRIMARY KEY (month, car_id)
      );
      CREATE TABLE rebate_month (
        month integer NOT NULL,
        car_id integer NOT NULL,
        rebate integer NOT NULL CHECK (rebate >= 0),
        PRIMARY KEY (month, car_id)
      );
      CREATE TABLE data_month (
        month integer PRIMARY KEY,
        has_retail boolean NOT NULL DEFAULT false,
        has_wholesale boolean NOT NULL DEFAULT false,
        has_price boolean NOT NULL DEFAULT false,
        has_rebate boolean NOT NULL DEFAULT false
      );

      CREATE TABLE config_category (
        id smallint PRIMARY KEY,
        name varchar(32) NOT NULL UNIQUE,
        sort smallint NOT NULL
      );
      CREATE TABLE config_item (
        id integer PRIMARY KEY,
        category_id smallint NOT NULL REFERENCES config_category(id),
        parent_id integer REFERENCES config_item(id),
        name varchar(64) NOT NULL,
        layer smallint NOT NULL CHECK (layer BETWEEN 1 AND 3),
        sort integer NOT NULL
      );
      CREATE TABLE config_value (
        car_id integer NOT NULL REFERENCES car(id) ON DELETE CASCADE,
        item_id integer NOT NULL REFERENCES config_item(id),
        value varchar(128) NOT NULL,
        PRIMARY KEY (car_id, item_id)
      );

      CREATE TABLE role (
        id smallint PRIMARY KEY,
        code varchar(32) NOT NULL UNIQUE,
        name varchar(32) NOT NULL
      );
      CREATE TABLE menu (
        id integer PRIMARY KEY,
        parent_id integer REFERENCES menu(id),
        name varchar(32) NOT NULL,
        path varchar(128) NOT NULL UNIQUE,
        sort integer NOT NULL
      );
      CREATE TABLE role_menu (
        role_id smallint NOT NULL REFERENCES role(id) ON DELETE CASCADE,
        menu_id integer NOT NULL REFERENCES menu(id) ON DELETE CASCADE,
        PRIMARY KEY (role_id, menu_id)
      );
      CREATE TABLE app_user (
        id serial PRIMARY KEY,
        account varchar(64) NOT NULL UNIQUE,
        password_hash varchar(255) NOT NULL,
        nickname varchar(64) NOT NULL,
        role_id smallint NOT NULL REFERENCES role(id),
        producer_id integer REFERENCES producer(id),
        brand_id integer REFERENCES brand(id),
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        password_changed_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE report (
        id serial PRIMARY KEY,
        producer_id integer NOT NULL REFERENCES producer(id),
        name varchar(128) NOT NULL,
        month integer NOT NULL,
        file_name varchar(255) NOT NULL,
        file_size integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        uploaded_by integer REFERENCES app_user(id)
      );
      CREATE INDEX report_producer_idx ON report(producer_id, created_at DESC);

      CREATE TABLE export_job (
        id uuid PRIMARY KEY,
        kind varchar(32) NOT NULL,
        params jsonb NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
        progress smallint NOT NULL DEFAULT 0,
        file_name varchar(255),
        row_count integer,
        error varchar(500),
        user_id integer REFERENCES app_user(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
      CREATE INDEX export_job_user_idx ON export_job(user_id, created_at DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE export_job, report, app_user, role_menu, menu, role,
        config_value, config_item, config_category,
        data_month, rebate_month, msrp_month, price_fact, wholesale_fact, retail_fact,
        car, sub_series, series, producer_brand, brand, producer, brand_group, family, segment,
        dictionary, city, province, area;
    `);
  }
}
