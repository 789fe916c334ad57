export { TreeCascader, CASCADER_DEFAULT_QUERY, type TreeCascaderProps } from './TreeCascader';
