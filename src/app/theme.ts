import { createTheme, type MantineThemeComponents } from '@mantine/core';

// Compact by default: staff work in dense tables and forms (spec doc 000 §1 "small component size").
const SMALL = [
  'Button', 'ActionIcon', 'TextInput', 'PasswordInput', 'NumberInput', 'Select', 'MultiSelect', 'Textarea',
  'Checkbox', 'Radio', 'Switch', 'SegmentedControl', 'Pagination', 'Autocomplete', 'TagsInput', 'NativeSelect',
  'DateInput', 'DatePickerInput', 'DateTimePicker', 'FileInput', 'Badge', 'Tabs', 'Menu',
];

const components: MantineThemeComponents = {
  ...Object.fromEntries(SMALL.map((name) => [name, { defaultProps: { size: 'sm' } }])),
  // A select's options are drawn when it opens, not with the screen: kept mounted (Mantine's
  // default) every select of a search form and the pager drew all its options hidden and measured
  // its dropdown's position as each screen opened.
  Combobox: { defaultProps: { keepMounted: false } },
};

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif',
  fontSizes: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '18px' },
  components,
  // a user who asked the system for less motion gets dialogs, drawers and menus without animation
  respectReducedMotion: true,
});
