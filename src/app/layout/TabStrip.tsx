import { useState, type MouseEvent } from 'react';
import { Box, CloseButton, Menu, ScrollArea } from '@mantine/core';
import { IconRefresh, IconX, IconSquareX, IconArrowsHorizontal } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
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

/** Visited pages; right-click offers 刷新 / 关闭当前 / 关闭其他 / 关闭所有 (spec doc 000 §2). */
export function TabStrip({ tabs, activePath, onRefresh, onClose, onCloseOthers, onCloseAll }: TabStripProps) {
  const [menu, setMenu] = useState<{ tab: Tab; x: number; y: number } | null>(null);

  function openMenu(e: MouseEvent, tab: Tab) {
    e.preventDefault();
    setMenu({ tab, x: e.clientX, y: e.clientY });
  }

  return (
    <Box className={classes.strip} data-testid="tab-strip">
      <ScrollArea type="never" style={{ flex: 1 }}>
        <div className={classes.row} role="tablist">
          {tabs.map((t) => {
            const active = t.path === activePath;
            return (
              <Link
                key={t.path}
                to={t.fullPath}
                role="tab"
                aria-selected={active}
                className={classes.tab}
                data-active={active || undefined}
                data-fixed={t.fixed || undefined}
                onContextMenu={(e) => openMenu(e, t)}
              >
                <span>{t.title}</span>
                {t.fixed ? null : (
                  <CloseButton
                    size={14}
                    iconSize={10}
                    aria-label={`关闭 ${t.title}`}
                    className={classes.close}
                    onClick={(e) => {
                      e.preventDefault();
                      e.stopPropagation();
                      onClose(t.path);
                    }}
                  />
                )}
              </Link>
            );
          })}
        </div>
      </ScrollArea>
      <Menu opened={!!menu} onChange={(o) => !o && setMenu(null)} position="bottom-start" offset={2} shadow="md" width={120}>
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
    </Box>
  );
}
