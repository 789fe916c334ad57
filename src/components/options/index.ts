export { useOptions, loadOptions, parseOptionSet, optionText, type LoadedOptions } from './useOptions';
export { toTreeOptions, flattenTree, pathTo, type TreeOption } from './treeData';
export { OptionInput, type OptionInputProps } from './OptionInput';
export { RefSelect, searchRefPage, REF_PAGE_ROWS, type RefSelectProps, type RefItem } from './RefSelect';
export { RefMultiSelect, type RefMultiSelectProps } from './RefMultiSelect';
