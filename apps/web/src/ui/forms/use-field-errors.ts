import type { FormInstance } from 'antd';
import { useRef } from 'react';
import { useSpecText } from '../../i18n/strings.ts';
import { showToast } from '../feedback/notifier.ts';
import { changedFields, fieldOf, namePath, type FieldPath, type FieldRule } from './field-errors.ts';

export interface FieldErrors {
  /**
   * A failed check or save: the toast the spec names (`toast`), and the reason (by default the
   * toast itself) under the field it concerns, which stays until that field changes. `at` names
   * the fields when the form knows them better than the message does ('Fields cannot be empty').
   */
  fail: (toast: string, reason?: string, at?: readonly FieldPath[]) => void;
  /** Pass to the Form's onValuesChange (or call from it): a changed field drops its error. */
  onValuesChange: (changed: object) => void;
}

/** One form's errors at their fields, from the form's table of messages (see field-errors.ts). */
export function useFieldErrors(form: FormInstance, rules: readonly FieldRule[]): FieldErrors {
  const spec = useSpecText();
  const placed = useRef<FieldPath[]>([]);

  const clear = (fields: readonly FieldPath[]) => {
    if (fields.length === 0) return;
    form.setFields(fields.map((field) => ({ name: namePath(field), errors: [] })));
    placed.current = placed.current.filter((field) => !fields.includes(field));
  };

  return {
    fail(toast, reason = toast, at) {
      showToast('error', toast);
      clear(placed.current);
      const field = fieldOf(reason, rules);
      const fields = at ?? (field === null ? [] : [field]);
      if (fields.length === 0) return;
      form.setFields(fields.map((f) => ({ name: namePath(f), errors: [spec(reason)] })));
      placed.current = [...fields];
      // No scrolling to the field: the button just pressed stays under the pointer (issue 26
      // item 6), and the toast already says what is wrong.
    },
    onValuesChange(changed) {
      clear(changedFields(placed.current, changed));
    },
  };
}
