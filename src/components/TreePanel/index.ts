export { TreePanel, TREE_PANEL_WIDTH, type TreePanelProps } from './TreePanel';
