import { ActionIcon, Box, Group, Input, Tooltip } from '@mantine/core';
import { IconBold, IconClearFormatting, IconH3, IconItalic, IconLink, IconList, IconListNumbers, IconUnderline } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import classes from './RichTextInput.module.css';

export interface RichTextInputProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  required?: boolean;
}

interface Tool {
  key: string;
  label: string;
  icon: ReactNode;
  /** the browser editing command and its argument; `createLink` asks for the address */
  command: string;
  arg?: string;
}

const TOOLS: readonly Tool[] = [
  { key: 'bold', label: '加粗', icon: <IconBold size={14} />, command: 'bold' },
  { key: 'italic', label: '斜体', icon: <IconItalic size={14} />, command: 'italic' },
  { key: 'underline', label: '下划线', icon: <IconUnderline size={14} />, command: 'underline' },
  { key: 'h3', label: '小标题', icon: <IconH3 size={14} />, command: 'formatBlock', arg: 'h3' },
  { key: 'ul', label: '无序列表', icon: <IconList size={14} />, command: 'insertUnorderedList' },
  { key: 'ol', label: '有序列表', icon: <IconListNumbers size={14} />, command: 'insertOrderedList' },
  { key: 'link', label: '插入链接', icon: <IconLink size={14} />, command: 'createLink' },
  { key: 'clear', label: '清除格式', icon: <IconClearFormatting size={14} />, command: 'removeFormat' },
];

/**
 * A small rich-text editor: a formatting toolbar over a contenteditable area. The browser's own
 * editing commands do the formatting; the server sanitises whatever HTML arrives, so nothing here
 * is trusted. No editor package is installed, and notices need only these few marks.
 */
export function RichTextInput({ label, value, onChange, error, required }: RichTextInputProps) {
  const area = useRef<HTMLDivElement>(null);
  // Only an outside change (opening another notice) rewrites the area; typing must keep the caret.
  const lastEmitted = useRef<string | null>(null);
  useEffect(() => {
    const el = area.current;
    if (el && value !== lastEmitted.current) {
      el.innerHTML = value;
      lastEmitted.current = value;
    }
  }, [value]);

  const emit = () => {
    const el = area.current;
    if (!el) return;
    const html = el.textContent?.trim() || el.querySelector('img') ? el.innerHTML : '';
    lastEmitted.current = html;
    onChange(html);
  };
  const run = (tool: Tool) => {
    let arg = tool.arg;
    if (tool.command === 'createLink') {
      const url = window.prompt('链接地址（http:// 或 https:// 开头）', 'https://')?.trim();
      if (!url || !/^https?:\/\/\S+$/.test(url)) return;
      arg = url;
    }
    area.current?.focus();
    document.execCommand(tool.command, false, arg);
    emit();
  };

  return (
    <Input.Wrapper label={label} required={required} error={error} size="xs">
      <Box className={classes.frame} data-error={error ? true : undefined}>
        <Group gap={2} className={classes.toolbar} role="toolbar" aria-label="格式">
          {TOOLS.map((t) => (
            <Tooltip key={t.key} label={t.label} openDelay={300}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t.label}
                // keep the selection in the editing area while clicking a tool
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => run(t)}
              >
                {t.icon}
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
        <div
          ref={area}
          className={classes.area}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          onInput={emit}
          onBlur={emit}
        />
      </Box>
    </Input.Wrapper>
  );
}
