import { ResourceForm, type FormValue, type ResourceFormProps } from '../../../components/ResourcePage';
import { TeacherSelect } from '../pickers/TeacherSelect';

const text = (v: FormValue | undefined): string => (v === null || v === undefined ? '' : String(v));

/** The 客服 and the classroom belong to the campus: choosing another campus empties them. */
const CAMPUS_BOUND = { school_id: ['kf_id', 'classroom_id'] } as const;

/**
 * The class dialog: the declaration's form, with 班级客服 chosen among the staff of the class's
 * campus (the campus picked in the form, else the user's own); the server checks the same.
 */
export function ClassForm(props: ResourceFormProps) {
  return (
    <ResourceForm
      {...props}
      clearOnChange={CAMPUS_BOUND}
      renderField={(name, { values, value, onChange, error }) => {
        if (name !== 'kf_id') return undefined;
        const school = Number(values.school_id ?? props.initial.school_id);
        return (
          <TeacherSelect
            label="班级客服"
            roles=""
            schoolId={Number.isInteger(school) && school > 0 ? school : undefined}
            value={text(value)}
            onChange={(v) => onChange(v === '' ? null : Number(v))}
            error={error}
          />
        );
      }}
    />
  );
}
