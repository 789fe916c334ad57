import { useCallback, useState } from 'react';

export type FormErrors<V> = Partial<Record<keyof V & string, string>>;

/**
 * A small controlled-form state: values, per-field errors, a setter that clears the field's
 * error, and reset. Validation is a pure function per screen so it is unit-tested on its own.
 */
export function useFormState<V extends Record<string, unknown>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const set = useCallback(<K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  }, []);
  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
  }, []);
  /** Runs `validate`; shows its errors and answers whether the form is valid. */
  const check = useCallback((validate: (v: V) => FormErrors<V>, v: V): boolean => {
    const errs = validate(v);
    setErrors(errs);
    return Object.values(errs).every((x) => !x);
  }, []);
  return { values, errors, set, reset, check, setErrors };
}
