import { z } from './zod';

export const MENU_TYPE = { DIRECTORY: 0, MENU: 1, BUTTON: 2 } as const;

/** A menu row (spec doc 000 §3). */
export interface Menu {
  id: number;
  name: string;
  code: string;
  url: string | null;
  component: string | null;
  parent: number;
  /** pipe-separated ancestry, e.g. `|1|5|` */
  inheritance: string;
  icon: string | null;
  order_num: number;
  perms: string | null;
  type: 0 | 1 | 2;
  hidden: 0 | 1;
  meta: string | null;
  active_menu?: string | null;
}

/** A node of a tree answer: `{id, text, nodes, parent, opened, tag}`. */
export interface TreeNode<Tag = unknown> {
  id: number | string;
  text: string;
  nodes?: TreeNode<Tag>[];
  parent?: number | string | null;
  opened?: boolean;
  tag?: Tag;
}

/** The tag of a menu node used as a route source. */
export interface MenuRouteTag {
  url: string;
  code: string;
  name: string;
  icon: string | null;
  component: string | null;
  hidden: 0 | 1;
  active_menu: string | null;
  meta: string | null;
}

export const menuFormSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string({ error: '请输入菜单名' }).trim().min(1, '请输入菜单名').max(64, '菜单名不能超过64个字符'),
  code: z.string({ error: '请输入编码' }).trim().min(1, '请输入编码').max(64, '编码不能超过64个字符'),
  url: z.string().trim().max(255, '路径不能超过255个字符').optional().nullable(),
  component: z.string().trim().max(255).optional().nullable(),
  parent: z.coerce.number().int().min(0).default(0),
  icon: z.string().trim().max(64).optional().nullable(),
  order_num: z.coerce.number({ error: '请输入数字' }).int('请输入数字').default(0),
  perms: z.string().trim().max(255).optional().nullable(),
  type: z.coerce.number().int().min(0).max(2).default(1),
  hidden: z.coerce.number().int().min(0).max(1).default(0),
  meta: z.string().max(2000).optional().nullable(),
  active_menu: z.string().max(255).optional().nullable(),
});
