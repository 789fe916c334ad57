import type { Generated } from 'kysely';
import type { BaseColumns } from '../../db/schema';

/** Tables of the workflow area (migration 0331_workflow). JSON columns are text. */

export interface WfDefineTable extends BaseColumns {
  define_key: string;
  name: string;
  tag: string;
  ref_type: string;
  state: Generated<number>;
  version_id: number | null;
  version: Generated<number>;
  timeout_hours: Generated<number>;
  /** JSON: node id → name shown instead of the node's own (update_step_name) */
  step_names: string | null;
  remark: string | null;
  del_flag: Generated<number>;
}

export interface WfDefineVersionTable extends BaseColumns {
  define_id: number;
  version: number;
  /** JSON WfNode */
  tree: string;
  /** JSON FormField[] */
  form: string;
}

export interface WfInstanceTable extends BaseColumns {
  define_id: number;
  version_id: number;
  title: string;
  ref_type: string;
  ref_id: number | null;
  school_id: number | null;
  applicant_id: number;
  state: number;
  current_node: string | null;
  current_node_name: string | null;
  current_approvers: string | null;
  admin_queue: number;
  /** counts the activations of nodes: tasks of the current activation carry it */
  round: number;
  /** JSON form data */
  form: string;
  /** JSON of the business record at submission */
  snapshot: string | null;
  finished_at: string | null;
}

export interface WfTaskTable extends BaseColumns {
  instance_id: number;
  node_id: string;
  node_name: string;
  round: number;
  /** null: the administrators' queue (no approver could be found) */
  assignee_id: number | null;
  state: number;
  seq_no: number;
  /** added by 加签: must approve whatever the node's mode */
  added: number;
  due_at: string | null;
  reminded: number;
  acted_at: string | null;
  comment: string | null;
}

export interface WfStepTable {
  id: Generated<number>;
  instance_id: number;
  node_id: string | null;
  node_name: string | null;
  user_id: number | null;
  action: string;
  comment: string | null;
  /** JSON number[] */
  attachments: string | null;
  /** JSON FormDiff[] */
  diff: string | null;
  created_at: string;
}

export interface WfCopyTable {
  id: Generated<number>;
  instance_id: number;
  node_id: string;
  user_id: number;
  created_at: string;
}

declare module '../../db/schema' {
  interface Database {
    wf_define: WfDefineTable;
    wf_define_version: WfDefineVersionTable;
    wf_instance: WfInstanceTable;
    wf_task: WfTaskTable;
    wf_step: WfStepTable;
    wf_copy: WfCopyTable;
  }
}

/** Asset stock per campus and item, and its moves (migration 0360_workflow_asset_stock). */
export interface WfAssetStockTable extends BaseColumns {
  school_id: number;
  item: string;
  quantity: Generated<number>;
}

export interface WfAssetMoveTable extends BaseColumns {
  school_id: number;
  item: string;
  delta: number;
  quantity_after: number;
  instance_id: number | null;
  reason: string | null;
}

declare module '../../db/schema' {
  interface Database {
    wf_asset_stock: WfAssetStockTable;
    wf_asset_move: WfAssetMoveTable;
  }
}
