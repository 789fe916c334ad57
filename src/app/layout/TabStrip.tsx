import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { ActionIcon, Box, CloseButton, Menu } from '@mantine/core';
import { IconRefresh, IconX, IconSquareX, IconArrowsHorizontal, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useStableHandler } from '../../components/useStableHandler';
import type { Tab } from './tabs';
import classes from './TabStrip.module.css';

interface TabStripProps {
  tabs: Tab[];
  activePath: string;
  onRefresh(path: string): void;
  onClose(path: string): void;
  onCloseOthers(path: string): void;
  onCloseAll(): void;
}

/** How far one arrow press moves the strip: most of its width, so no tab is skipped unseen. */
const ARROW_STEP = 0.8;

/**
 * The scrolling of a strip wider than the window: the active tab is always brought into view, the
 * mouse wheel scrolls sideways, and arrow buttons (enabled toward the side holding more tabs) appear.
 */
function useTabScroller(activePath: string, count: number) {
  const scroller = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ overflow: false, left: false, right: false });
  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const overflow = el.scrollWidth > el.clientWidth + 1;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEnds((e) => (e.overflow === overflow && e.left === left && e.right === right ? e : { overflow, left, right }));
  }, []);

  // Bring the active tab into view whenever it changes, its tab arrives (opened after navigating),
  // or the arrows appear and narrow the strip. The strip's first measure is the resize observer's
  // first report (below), made after the browser's own layout: measuring here at once forced a
  // layout of the whole page while the first screen was still loading (issue 11 cold start).
  const firstRun = useRef(true);
  useLayoutEffect(() => {
    const first = firstRun.current;
    firstRun.current = false;
    const el = scroller.current;
    if (!el || count === 0) return;
    if (first && typeof ResizeObserver !== 'undefined') return;
    measure();
    // Nothing hides while everything fits; once it does not, this runs again with the arrows shown.
    if (!ends.overflow) return;
    const tab = [...el.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.dataset.path === activePath);
    if (!tab) return;
    const view = el.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < view.left) el.scrollLeft -= view.left - box.left + 24;
    else if (box.right > view.right) el.scrollLeft += box.right - view.right + 24;
    measure();
  }, [activePath, count, ends.overflow, measure]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // A vertical wheel scrolls the strip sideways (non-passive: the page must not scroll instead).
    const onWheel = (e: WheelEvent) => {
      if (el.scrollWidth <= el.clientWidth || Math.abs(e.deltaX) > Math.abs(e.deltaY)) return;
      e.preventDefault();
      el.scrollLeft += e.deltaY;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('scroll', measure, { passive: true });
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(el);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('scroll', measure);
      ro?.disconnect();
    };
  }, [measure]);

  const scrollBy = (dir: -1 | 1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth * ARROW_STEP, behavior: 'smooth' });
  };
  return { scroller, ends, scrollBy };
}

interface TabItemProps {
  tab: Tab;
  active: boolean;
  onMenu(e: MouseEvent, tab: Tab): void;
  onClose(path: string): void;
}

/**
 * One tab. Memoized: a navigation re-renders the two tabs whose state changed, not every open tab
 * (each a link and a close button, which with 20 tabs open was a good part of moving between pages).
 */
const TabItem = memo(function TabItem({ tab, active, onMenu, onClose }: TabItemProps) {
  return (
    <Link
      to={tab.fullPath}
      role="tab"
      aria-selected={active}
      data-path={tab.path}
      className={classes.tab}
      data-active={active || undefined}
      data-fixed={tab.fixed || undefined}
      onContextMenu={(e) => onMenu(e, tab)}
    >
      <span>{tab.title}</span>
      {tab.fixed ? null : (
        <CloseButton
          size={14}
          iconSize={10}
          aria-label={`关闭 ${tab.title}`}
          className={classes.close}
          onClick={(e) => {
            e.preventDefault();
            e.stopPropagation();
            onClose(tab.path);
          }}
        />
      )}
    </Link>
  );
});

interface TabMenuProps {
  menu: { tab: Tab; x: number; y: number } | null;
  onDismiss(): void;
  onRefresh(path: string): void;
  onClose(path: string): void;
  onCloseOthers(path: string): void;
  onCloseAll(): void;
}

/** The right-click menu of a tab (memoized: it renders again only when opened or closed). */
const TabMenu = memo(function TabMenu({ menu, onDismiss, onRefresh, onClose, onCloseOthers, onCloseAll }: TabMenuProps) {
  return (
    <Menu opened={!!menu} onChange={(o) => !o && onDismiss()} position="bottom-start" offset={2} shadow="md" width={120}>
      <Menu.Target>
        <div style={{ position: 'fixed', left: menu?.x ?? 0, top: menu?.y ?? 0, width: 1, height: 1 }} />
      </Menu.Target>
      <Menu.Dropdown data-testid="tab-menu">
        <Menu.Item leftSection={<IconRefresh size={14} />} onClick={() => menu && onRefresh(menu.tab.path)}>
          刷新
        </Menu.Item>
        <Menu.Item leftSection={<IconX size={14} />} disabled={menu?.tab.fixed} onClick={() => menu && onClose(menu.tab.path)}>
          关闭当前
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowsHorizontal size={14} />} onClick={() => menu && onCloseOthers(menu.tab.path)}>
          关闭其他
        </Menu.Item>
        <Menu.Item leftSection={<IconSquareX size={14} />} onClick={onCloseAll}>
          关闭所有
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
});

/** Visited pages; right-click offers 刷新 / 关闭当前 / 关闭其他 / 关闭所有 (spec doc 000 §2). */
export function TabStrip({ tabs, activePath, onRefresh, onClose, onCloseOthers, onCloseAll }: TabStripProps) {
  const [menu, setMenu] = useState<{ tab: Tab; x: number; y: number } | null>(null);
  const { scroller, ends, scrollBy } = useTabScroller(activePath, tabs.length);
  const openMenu = useCallback((e: MouseEvent, tab: Tab) => {
    e.preventDefault();
    setMenu({ tab, x: e.clientX, y: e.clientY });
  }, []);
  const dismissMenu = useCallback(() => setMenu(null), []);
  const refresh = useStableHandler(onRefresh);
  const close = useStableHandler(onClose);
  const closeOthers = useStableHandler(onCloseOthers);
  const closeAll = useStableHandler(onCloseAll);

  return (
    <Box className={classes.strip} data-testid="tab-strip">
      {ends.overflow ? (
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label="向左滚动标签" disabled={!ends.left} onClick={() => scrollBy(-1)} className={classes.arrow}>
          <IconChevronLeft size={14} />
        </ActionIcon>
      ) : null}
      <div ref={scroller} className={classes.scroller} data-testid="tab-scroller">
        <div className={classes.row} role="tablist">
          {tabs.map((t) => (
            <TabItem key={t.path} tab={t} active={t.path === activePath} onMenu={openMenu} onClose={close} />
          ))}
        </div>
      </div>
      {ends.overflow ? (
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label="向右滚动标签" disabled={!ends.right} onClick={() => scrollBy(1)} className={classes.arrow}>
          <IconChevronRight size={14} />
        </ActionIcon>
      ) : null}
      <TabMenu menu={menu} onDismiss={dismissMenu} onRefresh={refresh} onClose={close} onCloseOthers={closeOthers} onCloseAll={closeAll} />
    </Box>
  );
}
