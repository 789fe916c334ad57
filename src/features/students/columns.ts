import { createElement, useMemo } from 'react';
import { studentResource } from '../../contract/resources/students';
import type { FieldDef } from '../../contract/resource';
import type { StudentView } from '../../contract/student-views';
import { AGE_GROUPS, ageGroupOf, ageGroupText, ageInYears } from '../../lib/format';
import { columnsOf, useColumnOptions } from '../../components/ResourcePage';
import { searchFieldsOf, type SearchField } from '../../components/SearchForm';
import type { DataTableColumn, TableRow } from '../../components/DataTable';
import { StudentTagBadges } from './StudentTags';

/** 年龄 and 年龄段 (spec 611-615), computed from the birth date on today's date; the student's tags. */
const COMPUTED: Record<string, DataTableColumn> = {
  age: { prop: 'age', label: '年龄', minWidth: 60, formatter: (row) => String(ageInYears(row.birthday as string | null) ?? '') },
  age_group: { prop: 'age_group', label: '年龄段', minWidth: 80, formatter: (row) => ageGroupText(ageGroupOf(ageInYears(row.birthday as string | null))) },
  class_name: { prop: 'class_name', label: '热身班', minWidth: 140 },
  join_date: { prop: 'join_date', label: '入班日期', minWidth: 100 },
  // the tags come from student/tags, one call per page (StudentTags.tsx)
  tags: { prop: 'tags', label: '标签', minWidth: 140, render: (row) => createElement(StudentTagBadges, { studentId: Number(row.id) }) },
};

/** The age-group filter student/page understands (server/modules/students/views.ts). */
export const AGE_GROUP_SEARCH: SearchField = { name: 'age_group', label: '年龄段', input: 'select', options: { kind: 'static', items: AGE_GROUPS.map((g) => ({ value: g.code, text: g.text })) } };

/** The columns a view declares, in its order: the declaration's own, the relations' labels and the computed ones. */
export function useViewColumns(view: StudentView): DataTableColumn<TableRow>[] {
  const options = useColumnOptions(studentResource);
  return useMemo(() => {
    const declared = columnsOf<TableRow>(studentResource, options);
    const byField = new Map<string, DataTableColumn<TableRow>>();
    for (const [name, field] of Object.entries(studentResource.fields as Record<string, FieldDef>)) {
      const prop = field.ref ? `${name.replace(/_id$/, '')}_${field.ref.label[0]}` : name;
      const col = declared.find((c) => c.prop === prop);
      if (col) byField.set(name, col);
    }
    return view.columns.flatMap((name) => {
      const col = COMPUTED[name] ?? byField.get(name);
      return col ? [{ ...col, show: true }] : [];
    });
  }, [options, view]);
}

export function viewSearchFields(view: StudentView): SearchField[] {
  const all = searchFieldsOf(studentResource);
  const fields = view.search.flatMap((name) => all.filter((f) => f.name === name));
  return view.source === 'warm_up_student' || view.source === 'my_entered' ? fields : [...fields, AGE_GROUP_SEARCH];
}
