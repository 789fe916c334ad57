import { defineResource } from '../resource';

/**
 * The student (学员), minimal: what classes, enrolment and check-in need. The students area
 * extends this declaration (more fields, its special calls); columns are only ever added.
 * `student/page` is a large search: POST form-encoded (spec doc 001 §7).
 */
export const STUDENT_STATES = [
  { value: 1, text: '在读' },
  { value: 2, text: '停课' },
  { value: 3, text: '结课' },
  { value: 4, text: '退费' },
] as const;

export const GENDERS = [
  { value: 1, text: '男' },
  { value: 2, text: '女' },
] as const;

export const studentResource = defineResource({
  name: 'student',
  readBy: ['students_student'],
  title: '学员',
  table: 'student',
  scope: 'school',
  softDelete: true,
  perm: 'student',
  pageMethod: 'POST_FORM',
  // A campus's students by state, newest first: the list screen's usual search.
  listIndex: ['school_id', 'del_flag', 'state', 'created_at'],
  fields: {
    name: { type: 'string', label: '学员姓名', required: true, max: 64, search: 'like', index: true },
    gender: { type: 'int', label: '性别', options: { kind: 'static', items: GENDERS }, list: { format: 'option', width: 70 } },
    birthday: { type: 'date', label: '出生日期', list: { format: 'date' } },
    parent_name: { type: 'string', label: '家长姓名', max: 64, search: 'like' },
    parent_phone: {
      type: 'string',
      label: '家长电话',
      max: 11,
      pattern: { re: '^1\\d{10}$', msg: '家长电话应为11位手机号' },
      mask: 'phone',
      search: 'like',
      index: true,
    },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: STUDENT_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const STUDENT_RESOURCES = [studentResource] as const;
