import { Badge, Box, Image, Menu, ScrollArea, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SidebarTheme } from '../../components/session';
import { TODO_PATH, countText, useTaskCounts } from '../../components/taskCounts';
import type { AppRoute } from '../routes/menuRoutes';
import { useAfterFirstScreen } from '../offline/useIdleReady';
import type { Branding } from '../branding';
import { MenuIcon } from './menuIcons';
import classes from './Sidebar.module.css';

interface SidebarProps {
  tree: AppRoute[];
  activePath: string;
  collapsed: boolean;
  theme: SidebarTheme;
  width: number;
  branding: Branding;
}

function containsPath(r: AppRoute, path: string): boolean {
  return r.path === path || r.children.some((c) => containsPath(c, path));
}

/** The pending to-dos beside 我的待办, and beside its closed directory (任务中心). */
function TodoBadge({ route, open }: { route: AppRoute; open: boolean }) {
  // after the first screen: the count's first request loads the workflow contract (zod schemas
  // built at load), which an offline cold start paid before the front desk's roster (issue 11)
  const { data } = useTaskCounts(useAfterFirstScreen());
  const todo = data?.todo ?? 0;
  if (todo === 0 || !(route.path === TODO_PATH || (!open && containsPath(route, TODO_PATH)))) return null;
  return (
    // hidden from the accessible name: the menu item keeps its plain title (我的待办, 任务中心)
    <Badge size="xs" color="red" circle={todo < 10} data-testid="todo-badge" aria-hidden title={`${todo} 条待办`}>
      {countText(todo)}
    </Badge>
  );
}

interface ItemProps {
  route: AppRoute;
  depth: number;
  activePath: string;
  theme: SidebarTheme;
}

/**
 * A page changes only the entries on the way to the old and the new page: the others (and the open
 * directories' children) keep their render, which each navigation otherwise repeated for every
 * entry shown.
 */
function sameItem(a: ItemProps, b: ItemProps): boolean {
  if (a.route !== b.route || a.depth !== b.depth || a.theme !== b.theme) return false;
  return a.activePath === b.activePath || (!containsPath(a.route, a.activePath) && !containsPath(b.route, b.activePath));
}

const Item = memo(function Item({ route, depth, activePath, theme }: ItemProps) {
  const hasChildren = route.children.length > 0;
  const [open, setOpen] = useState(() => hasChildren && containsPath(route, activePath));
  const withTodo = containsPath(route, TODO_PATH);
  const active = route.path === activePath;
  const style = {
    paddingLeft: 12 + depth * 14,
    color: active ? theme.activeText : theme.text,
    background: active ? theme.activeBackground : undefined,
  };
  if (!hasChildren) {
    return (
      <UnstyledButton component={Link} to={route.path} className={classes.item} style={style} data-active={active || undefined}>
        <MenuIcon name={route.icon} size={16} />
        <span className={classes.label}>{route.title}</span>
        {withTodo ? <TodoBadge route={route} open={false} /> : null}
      </UnstyledButton>
    );
  }
  return (
    <>
      <UnstyledButton className={classes.item} style={style} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        <MenuIcon name={route.icon} size={16} directory />
        <span className={classes.label}>{route.title}</span>
        {withTodo ? <TodoBadge route={route} open={open} /> : null}
        {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
      </UnstyledButton>
      {open ? route.children.map((c) => <Item key={c.path || c.code || c.title} route={c} depth={depth + 1} activePath={activePath} theme={theme} />) : null}
    </>
  );
}, sameItem);

function PopoverItems({ routes, depth }: { routes: AppRoute[]; depth: number }) {
  return (
    <>
      {routes.map((r) =>
        r.children.length > 0 ? (
          <div key={r.path || r.code || r.title}>
            <Menu.Label style={{ paddingLeft: 12 + depth * 10 }}>{r.title}</Menu.Label>
            <PopoverItems routes={r.children} depth={depth + 1} />
          </div>
        ) : (
          <Menu.Item key={r.path} component={Link} to={r.path} leftSection={<MenuIcon name={r.icon} size={14} />} style={{ paddingLeft: 12 + depth * 10 }}>
            {r.title}
          </Menu.Item>
        ),
      )}
    </>
  );
}

/** Collapsed: icons only; sub-menus open in a popover beside the icon. */
function CollapsedItem({ route, activePath, theme }: { route: AppRoute; activePath: string; theme: SidebarTheme }) {
  const active = containsPath(route, activePath);
  const style = { color: active ? theme.activeText : theme.text, background: active ? theme.activeBackground : undefined };
  if (route.children.length === 0) {
    return (
      <Tooltip label={route.title} position="right" withArrow>
        <UnstyledButton component={Link} to={route.path} className={classes.iconItem} style={style} aria-label={route.title}>
          <MenuIcon name={route.icon} />
        </UnstyledButton>
      </Tooltip>
    );
  }
  return (
    <Menu trigger="click-hover" position="right-start" offset={4} withinPortal openDelay={60} closeDelay={150}>
      <Menu.Target>
        <UnstyledButton className={classes.iconItem} style={style} aria-label={route.title}>
          <MenuIcon name={route.icon} directory />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown miw={160}>
        <Menu.Label>{route.title}</Menu.Label>
        <PopoverItems routes={route.children} depth={0} />
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Memoised: its props change only with the menu, the page and the theme, and the layout renders
 * again for every tab, query and state change around it (a hundred menu entries each time).
 */
export const Sidebar = memo(function Sidebar({ tree, activePath, collapsed, theme, width, branding }: SidebarProps) {
  return (
    <Box component="nav" className={classes.sidebar} style={{ width, background: theme.background }} aria-label="主菜单" data-testid="sidebar">
      <Link to="/home" className={classes.logo} style={{ color: theme.activeText }}>
        <Image src={branding.logo} w={28} h={28} alt="" />
        {collapsed ? null : (
          <Text fw={600} size="sm" truncate>
            {branding.shortName}
          </Text>
        )}
      </Link>
      <ScrollArea className={classes.menu} scrollbarSize={6}>
        {tree.map((r) =>
          collapsed ? (
            <CollapsedItem key={r.path || r.code || r.title} route={r} activePath={activePath} theme={theme} />
          ) : (
            <Item key={r.path || r.code || r.title} route={r} depth={0} activePath={activePath} theme={theme} />
          ),
        )}
      </ScrollArea>
    </Box>
  );
});
