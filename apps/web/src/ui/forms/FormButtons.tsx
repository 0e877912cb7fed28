import { Button, Space } from 'antd';
import type { ReactNode } from 'react';

interface FormButtonsProps {
  cancel: string;
  submit: string;
  onCancel: () => void;
  busy: boolean;
  /** Shown at the left end of the row (Edit User's Reset password). */
  extra?: ReactNode;
}

/** The end of a form: Cancel (or Back) and the submit button, right-aligned. */
export function FormButtons({ cancel, submit, onCancel, busy, extra }: FormButtonsProps) {
  return (
    <div className={extra ? 'form-buttons form-buttons-split' : 'form-buttons'}>
      {extra}
      <Space>
        <Button onClick={onCancel}>{cancel}</Button>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="submit">
          {submit}
        </Button>
      </Space>
    </div>
  );
}
