import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DASHBOARD_PATH } from '@car/contracts';

export interface MenuRow {
  id: number;
  parentId: number | null;
  name: string;
  path: string;
  sort: number;
}

/**
 * A page (a menu row with a parent) belongs to a role when role_menu holds the page or its group.
 * A page's full path is its own path when absolute, else its group's path followed by it.
 */
const GRANTED_PAGES = `
  SELECT page.id, page.parent_id, page.name, page.path, page.sort,
         CASE WHEN page.path LIKE '/%' THEN page.path ELSE rtrim(grp.path, '/') || '/' || page.path END AS full_path
  FROM menu page
  JOIN menu grp ON grp.id = page.parent_id
  WHERE EXISTS (SELECT 1 FROM role_menu rm WHERE rm.role_id = $1 AND rm.menu_id IN (page.id, grp.id))`;

/** A page's path as grants are compared: without case or a trailing slash. */
export function pageKey(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '');
}

@Injectable()
export class MenuRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The role's pages and the groups that hold them, ordered by sort. */
  async menusOfRole(roleId: number): Promise<MenuRow[]> {
    return this.dataSource.query(
      `WITH pages AS (${GRANTED_PAGES})
       SELECT id, parent_id AS "parentId", name, path, sort FROM pages
       UNION ALL
       SELECT g.id, g.parent_id, g.name, g.path, g.sort FROM menu g WHERE g.id IN (SELECT parent_id FROM pages)
       ORDER BY sort, id`,
      [roleId],
    );
  }

  /** The full paths of the role's pages, each as `pageKey` writes it. */
  async grantedPages(roleId: number): Promise<ReadonlySet<string>> {
    const rows: Array<{ full_path: string }> = await this.dataSource.query(`SELECT full_path FROM (${GRANTED_PAGES}) pages`, [roleId]);
    return new Set(rows.map((row) => pageKey(row.full_path)));
  }

  /** Whether the role holds the page at `path`. */
  async roleHasPage(roleId: number, path: string): Promise<boolean> {
    return (await this.grantedPages(roleId)).has(pageKey(path));
  }

  /**
   * Whether a user of the role may open the page at `path`: the dashboard is every user's (decision 151), any other
   * page must be in the role's menus. 我的视图 asks it before opening a view, 订阅与提醒 before watching one.
   */
  async roleOpensPage(roleId: number, path: string): Promise<boolean> {
    return pageKey(path) === pageKey(DASHBOARD_PATH) || this.roleHasPage(roleId, path);
  }
}
